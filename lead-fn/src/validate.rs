//! The validation rules of every enquiry form, with their fixed messages letter for
//! letter. The browser applies the same rules; `tests/form-vectors.json` holds the cases both
//! the Rust and the TypeScript tests run, so the two can never disagree.

use std::sync::LazyLock;

use regex::Regex;

/// The form a lead came from: the contract's, so the site's `Form` is generated from it.
pub use contract::endpoints::Form;

/// A lead's fields, the messages answered per field and the fields named: the contract's, so
/// the site's are generated from them.
pub use contract::leads::{FieldErrors, LeadField, LeadFields};

/// The seller form's property types, the only ones its dropdown offers: the contract's.
pub use contract::endpoints::SELLER_TYPES as PROPERTY_TYPES;

static EMAIL: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^[^\s@]+@[^\s@]+\.[^\s@]+$").expect("valid"));
static PLUS_9_TO_15: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^\+\d{9,15}$").expect("valid"));
static DIGITS_10: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^\d{10}$").expect("valid"));
static LOOSE_PHONE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^\+?\d{9,15}$").expect("valid"));
/// A UAE number after its dial code: 9 digits, or 10 with the trunk 0 of its local form.
static UAE_INTERNATIONAL: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^\+9710?\d{9}$").expect("valid"));
/// '+', a country code (no leading 0) and the rest: 7 to 15 digits in all (E.164).
static INTERNATIONAL: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^\+[1-9]\d{6,14}$").expect("valid"));

const NAME_REQUIRED: &str = "Name is required.";
const NAME_SHORT: &str = "Name must be at least 3 characters long.";
const EMAIL_REQUIRED: &str = "Email is required.";
const EMAIL_INVALID: &str = "Please enter a valid email address.";
const EMAIL_FORMAT: &str = "Invalid email format.";
const MOBILE_REQUIRED: &str = "Mobile number is required.";
const MOBILE_PLUS: &str = "Mobile number must start with '+' followed by 9-15 digits.";
const MOBILE_DIGITS: &str = "Mobile number must be between 9 and 15 digits.";
const PHONE_REQUIRED: &str = "Phone number is required.";
const PHONE_TEN: &str = "Phone number must be 10 digits.";
const MESSAGE_EMPTY: &str = "Message cannot be empty.";
const MESSAGE_REQUIRED: &str = "Message is required.";
const FIX_ABOVE: &str = "Please fix the errors above.";
const TYPE_FROM_LIST: &str = "Please choose a property type from the list.";
const PHONE_COUNTRY: &str = "Phone number has the wrong number of digits for its country.";

/// Spaces, dashes and brackets people type in phone numbers are not part of the number.
fn compact_phone(phone: &str) -> String {
    phone.chars().filter(|c| !matches!(c, ' ' | '-' | '(' | ')' | '.')).collect()
}

fn name_min3(errors: &mut FieldErrors, name: &str) {
    let name = name.trim();
    if name.is_empty() {
        errors.add(LeadField::Name, NAME_REQUIRED);
    } else if name.chars().count() < 3 {
        errors.add(LeadField::Name, NAME_SHORT);
    }
}

fn email(errors: &mut FieldErrors, email: &str, invalid: &str) {
    let email = email.trim();
    if email.is_empty() {
        errors.add(LeadField::Email, EMAIL_REQUIRED);
    } else if !EMAIL.is_match(email) {
        errors.add(LeadField::Email, invalid);
    }
}

fn phone(errors: &mut FieldErrors, value: &str, required: &str, pattern: &Regex, invalid: &str) {
    let value = compact_phone(value.trim());
    if value.is_empty() {
        errors.add(LeadField::ContactNumber, required);
    } else if !pattern.is_match(&value) {
        errors.add(LeadField::ContactNumber, invalid);
    } else if !uae_number_dialable(&value) {
        errors.add(LeadField::ContactNumber, PHONE_TEN);
    }
}

/// Whether a number sent with the UAE's dial code is one an agent can dial: a UAE number by
/// Google's libphonenumber data (a mobile 5x, a landline of its area codes, 800 and 600
/// numbers), not a 9-digit '123456789' nor another country's national number read as the UAE's
/// ('07911 123456', autofilled into a field showing +971, is not '+971 7911 123456'). What
/// libphonenumber-js's `isValidPhoneNumber` answers in the browser. Any other country's number
/// is checked by length alone (see `has_possible_length`).
fn uae_number_dialable(value: &str) -> bool {
    let Some(rest) = value.strip_prefix("+971") else {
        return true;
    };
    // The trunk 0 of the local form after the dial code is not part of the number.
    let national = rest.strip_prefix('0').unwrap_or(rest);
    phonenumber::parse(None, format!("+971{national}")).is_ok_and(|number| phonenumber::is_valid(&number))
}

/// The popup's and the property form's phone (any country's, not only 10 UAE digits, see
/// ARCHITECTURE.md): the UAE rule of 10 digits for a local or +971 number, and any other country's
/// number of a length that country's numbers have.
fn phone_any_country(errors: &mut FieldErrors, value: &str) {
    if let Some(message) = any_country_error(&compact_phone(value.trim())) {
        errors.add(LeadField::ContactNumber, message);
    }
}

fn any_country_error(value: &str) -> Option<&'static str> {
    if value.is_empty() {
        return Some(PHONE_REQUIRED);
    }
    if DIGITS_10.is_match(value) {
        return None;
    }
    if value.starts_with("+971") {
        return (!UAE_INTERNATIONAL.is_match(value) || !uae_number_dialable(value)).then_some(PHONE_TEN);
    }
    if !INTERNATIONAL.is_match(value) {
        return Some(PHONE_TEN);
    }
    (!has_possible_length(value)).then_some(PHONE_COUNTRY)
}

/// Whether '+' and digits has a length the numbers of its country code have, by Google's
/// libphonenumber data (the `phonenumber` crate): what libphonenumber-js's `isPossiblePhoneNumber`
/// answers in the browser. Length only, as the issue asks: a full check would refuse numbers a
/// country has not allocated yet, such as the British +44 7700 900123.
fn has_possible_length(international: &str) -> bool {
    let Ok(number) = phonenumber::parse(None, international) else {
        return false;
    };
    let digits = number.national().to_string().len();
    let regions = phonenumber::metadata::DATABASE.by_code(&number.code().value()).unwrap_or_default();
    regions.iter().any(|region| {
        let kinds = region.descriptors();
        // The number types whose lengths make a country's possible lengths (as libphonenumber
        // builds them; short codes and emergency numbers are not dialled from abroad).
        [
            kinds.fixed_line(),
            kinds.mobile(),
            kinds.toll_free(),
            kinds.premium_rate(),
            kinds.shared_cost(),
            kinds.personal_number(),
            kinds.voip(),
            kinds.pager(),
            kinds.uan(),
            kinds.voicemail(),
        ]
        .into_iter()
        .flatten()
        .any(|kind| kind.possible_length().iter().any(|&length| usize::from(length) == digits))
    })
}

/// The phone number of a valid lead as the agents receive it: from the popup and the property
/// form, a UAE number in its local form ('050 123 4567') or with its trunk 0 after the dial code
/// gets the country code ('+971501234567'), so an agent can call every lead the same way; every
/// other number is kept as the visitor typed it.
pub fn received_phone(form: Option<Form>, number: String) -> String {
    if !matches!(form, Some(Form::Popup | Form::Detail | Form::Shortlist)) {
        return number;
    }
    let compact = compact_phone(number.trim());
    let national = match compact.strip_prefix("+9710") {
        Some(rest) => rest,
        None if DIGITS_10.is_match(&compact) && compact.starts_with('0') => &compact[1..],
        None => return number,
    };
    if national.len() == 9 { format!("+971{national}") } else { number }
}

/// Every message of this module (the fixed English, letter for letter) in Arabic (Modern
/// Standard Arabic) and Russian: `(en, ar, ru)`.
pub const MESSAGES: [(&str, &str, &str); 15] = [
    (NAME_REQUIRED, "الاسم مطلوب.", "Укажите имя."),
    (NAME_SHORT, "يجب ألا يقل الاسم عن 3 أحرف.", "Имя должно содержать не менее 3 символов."),
    (EMAIL_REQUIRED, "البريد الإلكتروني مطلوب.", "Укажите адрес электронной почты."),
    (EMAIL_INVALID, "يُرجى إدخال بريد إلكتروني صحيح.", "Введите корректный адрес электронной почты."),
    (EMAIL_FORMAT, "صيغة البريد الإلكتروني غير صحيحة.", "Неверный формат адреса электронной почты."),
    (MOBILE_REQUIRED, "رقم الجوال مطلوب.", "Укажите номер мобильного телефона."),
    (
        MOBILE_PLUS,
        "يجب أن يبدأ رقم الجوال بعلامة '+' يليها من 9 إلى 15 رقماً.",
        "Номер мобильного телефона должен начинаться с «+» и содержать от 9 до 15 цифр.",
    ),
    (
        MOBILE_DIGITS,
        "يجب أن يتكون رقم الجوال من 9 إلى 15 رقماً.",
        "Номер мобильного телефона должен содержать от 9 до 15 цифр.",
    ),
    (PHONE_REQUIRED, "رقم الهاتف مطلوب.", "Укажите номер телефона."),
    (PHONE_TEN, "يجب أن يتكون رقم الهاتف من 10 أرقام.", "Номер телефона должен содержать 10 цифр."),
    (MESSAGE_EMPTY, "لا يمكن ترك الرسالة فارغة.", "Сообщение не может быть пустым."),
    (MESSAGE_REQUIRED, "الرسالة مطلوبة.", "Введите сообщение."),
    (FIX_ABOVE, "يُرجى تصحيح الأخطاء أعلاه.", "Исправьте ошибки выше."),
    (TYPE_FROM_LIST, "يُرجى اختيار نوع العقار من القائمة.", "Выберите тип недвижимости из списка."),
    (
        PHONE_COUNTRY,
        "عدد أرقام رقم الهاتف لا يناسب بلده.",
        "В номере телефона неверное число цифр для его страны.",
    ),
];

/// The message for a field longer than `limit` characters, in `lang`.
pub fn too_long_message(limit: usize, lang: &str) -> String {
    match lang {
        "ar" => {
            // Arabic counts: 3-10 take a plural, 11-99 a singular accusative, the rest a singular.
            let noun = match limit % 100 {
                3..=10 => "أحرف",
                11..=99 => "حرفاً",
                _ => "حرف",
            };
            format!("يُرجى ألا يتجاوز النص {limit} {noun}.")
        }
        "ru" => format!("Используйте не более {limit} символов."),
        _ => format!("Please use at most {limit} characters."),
    }
}

/// `message` (one of this module's, in English) in `lang` (`en`, `ar` or `ru`); a message it
/// does not know stays as it is.
pub fn translate(message: &str, lang: &str) -> String {
    let column = match lang {
        "ar" => 1,
        "ru" => 2,
        _ => return message.to_owned(),
    };
    MESSAGES
        .iter()
        .find(|row| row.0 == message)
        .map(|row| if column == 1 { row.1 } else { row.2 })
        .unwrap_or(message)
        .to_owned()
}

/// The same errors in `lang`: what the visitor reads beside the fields.
pub fn in_language(mut errors: FieldErrors, lang: &str) -> FieldErrors {
    for message in errors.fields.values_mut() {
        *message = translate(message, lang);
    }
    if let Some(form) = &mut errors.form {
        *form = translate(form, lang);
    }
    errors
}

/// Applies `form`'s rules to `lead`.
pub fn validate(form: Option<Form>, lead: &LeadFields) -> FieldErrors {
    let mut errors = FieldErrors::default();
    match form {
        Some(Form::Seller) => {
            name_min3(&mut errors, &lead.name);
            phone(&mut errors, &lead.contact_number, MOBILE_REQUIRED, &PLUS_9_TO_15, MOBILE_PLUS);
            email(&mut errors, &lead.email, EMAIL_INVALID);
            let kind = lead.property_type.trim();
            if !kind.is_empty() && !PROPERTY_TYPES.contains(&kind) {
                errors.add(LeadField::PropertyType, TYPE_FROM_LIST);
            }
        }
        Some(Form::Contact) => {
            name_min3(&mut errors, &lead.name);
            phone(&mut errors, &lead.contact_number, PHONE_REQUIRED, &PLUS_9_TO_15, MOBILE_PLUS);
            email(&mut errors, &lead.email, EMAIL_INVALID);
            if lead.message.trim().is_empty() {
                errors.add(LeadField::Message, MESSAGE_EMPTY);
            }
            if !errors.is_empty() {
                errors.form = Some(FIX_ABOVE.to_owned());
            }
        }
        Some(Form::ContactLead) => {
            name_min3(&mut errors, &lead.name);
            email(&mut errors, &lead.email, EMAIL_INVALID);
            // The number as the country selector gives it, '+' and its country code first (the
            // '+' is no digit: 9 to 15 digits after it), or digits alone.
            phone(&mut errors, &lead.contact_number, MOBILE_REQUIRED, &LOOSE_PHONE, MOBILE_DIGITS);
        }
        Some(Form::Popup) => {
            if lead.name.trim().is_empty() {
                errors.add(LeadField::Name, NAME_REQUIRED);
            }
            email(&mut errors, &lead.email, EMAIL_FORMAT);
            phone_any_country(&mut errors, &lead.contact_number);
        }
        Some(Form::Detail | Form::Shortlist) => {
            if lead.name.trim().is_empty() {
                errors.add(LeadField::Name, NAME_REQUIRED);
            }
            email(&mut errors, &lead.email, EMAIL_FORMAT);
            phone_any_country(&mut errors, &lead.contact_number);
            if lead.message.trim().is_empty() {
                errors.add(LeadField::Message, MESSAGE_REQUIRED);
            }
        }
        Some(Form::Newsletter | Form::SavedSearch) => email(&mut errors, &lead.email, EMAIL_INVALID),
        Some(Form::Callback) => {
            name_min3(&mut errors, &lead.name);
            phone(&mut errors, &lead.contact_number, MOBILE_REQUIRED, &PLUS_9_TO_15, MOBILE_PLUS);
        }
        Some(Form::Requirements) => {
            name_min3(&mut errors, &lead.name);
            email(&mut errors, &lead.email, EMAIL_INVALID);
            phone(&mut errors, &lead.contact_number, MOBILE_REQUIRED, &PLUS_9_TO_15, MOBILE_PLUS);
        }
        None => {
            // The loosest of the forms' rules: what any of the site's forms would accept.
            if lead.name.trim().is_empty() {
                errors.add(LeadField::Name, NAME_REQUIRED);
            }
            email(&mut errors, &lead.email, EMAIL_INVALID);
            phone(&mut errors, &lead.contact_number, PHONE_REQUIRED, &LOOSE_PHONE, MOBILE_DIGITS);
        }
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[test]
    fn the_popup_and_the_property_form_send_uae_numbers_with_their_country_code() {
        for form in [Form::Popup, Form::Detail] {
            for typed in ["0501234567", "050 123 4567", "+9710501234567", "+971 050 123 4567"] {
                assert_eq!(received_phone(Some(form), typed.into()), "+971501234567", "{typed}");
            }
            for kept in ["+971501234567", "+7 916 123 45 67", "+44 7700 900123", "5012345678"] {
                assert_eq!(received_phone(Some(form), kept.into()), kept);
            }
        }
        // The other forms' numbers are kept as typed.
        assert_eq!(received_phone(Some(Form::Contact), "0501234567".into()), "0501234567");
        assert_eq!(received_phone(None, "0501234567".into()), "0501234567");
    }

    #[derive(Deserialize)]
    struct Vector {
        name: String,
        form: Option<Form>,
        input: LeadFields,
        errors: std::collections::BTreeMap<LeadField, String>,
        #[serde(default)]
        form_error: Option<String>,
    }

    #[test]
    fn messages_in_the_visitors_language() {
        let lead = LeadFields { name: "Al".into(), email: "nope".into(), ..LeadFields::default() };
        let errors = validate(Some(Form::Contact), &lead);
        let ar = in_language(errors.clone(), "ar");
        assert_eq!(ar.fields[&LeadField::Name], "يجب ألا يقل الاسم عن 3 أحرف.");
        assert_eq!(ar.fields[&LeadField::Email], "يُرجى إدخال بريد إلكتروني صحيح.");
        assert_eq!(ar.fields[&LeadField::ContactNumber], "رقم الهاتف مطلوب.");
        assert_eq!(ar.fields[&LeadField::Message], "لا يمكن ترك الرسالة فارغة.");
        assert_eq!(ar.form.as_deref(), Some("يُرجى تصحيح الأخطاء أعلاه."));
        let ru = in_language(errors.clone(), "ru");
        assert_eq!(ru.fields[&LeadField::Name], "Имя должно содержать не менее 3 символов.");
        assert_eq!(ru.form.as_deref(), Some("Исправьте ошибки выше."));
        // English, and any other language, get the English messages.
        assert_eq!(in_language(errors.clone(), "en"), errors);
        assert_eq!(in_language(errors.clone(), "fr"), errors);
        assert_eq!(too_long_message(100, "ar"), "يُرجى ألا يتجاوز النص 100 حرف.");
        assert_eq!(too_long_message(32, "ar"), "يُرجى ألا يتجاوز النص 32 حرفاً.");
        assert_eq!(too_long_message(32, "ru"), "Используйте не более 32 символов.");
        assert_eq!(too_long_message(32, "en"), "Please use at most 32 characters.");
    }

    #[test]
    fn every_message_is_translated_once() {
        let mut seen = std::collections::HashSet::new();
        for (en, ar, ru) in MESSAGES {
            assert!(seen.insert(en), "{en} twice");
            assert!(!ar.is_empty() && !ru.is_empty() && ar != en && ru != en, "{en}");
            assert!(ar.chars().any(|c| ('\u{0600}'..='\u{06ff}').contains(&c)), "{ar} is not Arabic");
            assert!(ru.chars().any(|c| ('а'..='я').contains(&c)), "{ru} is not Russian");
        }
    }

    #[test]
    fn shared_vectors() {
        let text = include_str!("../tests/form-vectors.json");
        let vectors: Vec<Vector> = serde_json::from_str(text).expect("the vectors parse");
        assert!(vectors.len() >= 30);
        for v in vectors {
            let got = validate(v.form, &v.input);
            assert_eq!(got.fields, v.errors, "{}", v.name);
            assert_eq!(got.form, v.form_error, "{}", v.name);
        }
    }
}
