//! What a lead is on the wire: the fields the forms send and the rules read ([`LeadFields`]),
//! the messages the function answers per field ([`FieldErrors`], keyed by [`LeadField`]), and an
//! accepted lead as the outbox, the webhook and the admin's Users screens keep it ([`Lead`]).
//! The lead function reads and writes these; the site's copies (`site/src/types.ts`) are
//! generated from them, so a renamed field fails the site's type check.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::endpoints::Form;

/// The fields of a lead that the forms' rules look at. Each may be left out (read as empty).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct LeadFields {
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub name: String,
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub email: String,
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub contact_number: String,
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub message: String,
    /// The seller form's type, one of `SELLER_TYPES`.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub property_type: String,
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub property_area: String,
}

/// A field of a lead the function may answer a message for: the `LeadFields`, the listing it
/// is about and the page it was sent from. In the order of their names, as the answer's
/// `fields` lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum LeadField {
    ContactNumber,
    Email,
    Message,
    Name,
    Page,
    PropertyArea,
    PropertyId,
    PropertyType,
}

impl LeadField {
    /// The field's name in a lead's JSON (`contactNumber`).
    pub const fn name(self) -> &'static str {
        match self {
            LeadField::ContactNumber => "contactNumber",
            LeadField::Email => "email",
            LeadField::Message => "message",
            LeadField::Name => "name",
            LeadField::Page => "page",
            LeadField::PropertyArea => "propertyArea",
            LeadField::PropertyId => "propertyId",
            LeadField::PropertyType => "propertyType",
        }
    }
}

/// Per-field messages, and the form-level message some forms show on any failure.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct FieldErrors {
    #[cfg_attr(feature = "ts", ts(type = "Partial<Record<LeadField, string>>"))]
    pub fields: BTreeMap<LeadField, String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub form: Option<String>,
}

impl FieldErrors {
    pub fn is_empty(&self) -> bool {
        self.fields.is_empty()
    }

    /// A message for `field`, unless it has one already (the first found is the one to fix first).
    pub fn add(&mut self, field: LeadField, message: &str) {
        self.fields.entry(field).or_insert_with(|| message.to_owned());
    }
}

/// An accepted lead as it is kept and sent on: the outbox's `.json` file, the webhook's body, and
/// what the admin's Users screens show.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Lead {
    /// Unique, and sorting by it sorts by arrival: `20260805T101112345Z-1a2b3c4d5e6f7a8b`.
    pub id: String,
    /// RFC 3339, UTC, milliseconds.
    pub received_at: String,
    /// The form it came from; `null` for a client that did not say.
    pub form: Option<Form>,
    /// The language the visitor used, and the email's: `en`, `ar` or `ru`.
    pub lang: String,
    pub name: String,
    pub email: String,
    pub contact_number: String,
    pub message: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub property_type: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub property_area: String,
    /// The property the lead is about, as the visitor's page named it.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub property_id: String,
    /// The listings a shortlist enquiry is about, as the visitor's page named them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub property_ids: Vec<String>,
    /// Those of them the catalogue has, in the same order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub properties: Vec<PropertyRef>,
    /// Those of them the catalogue answered it does not have (sold, or never published).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unpublished_ids: Vec<String>,
    /// The page the lead was sent from.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub page: String,
    /// The published property `propertyId` names, when the catalogue has it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub property: Option<PropertyRef>,
    /// A seller's home and its instant valuation, computed by the function from the published
    /// figures (as the valuation tool showed them to the seller).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub valuation: Option<crate::valuation::SellerValuation>,
}

/// What an agent needs to know which listing a lead is about.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PropertyRef {
    pub id: String,
    pub title: String,
    /// Absolute when the site's address is known, else the site path `/property/{id}`.
    pub url: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub reference: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub permit_number: Option<String>,
}
