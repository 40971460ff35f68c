//! The lead and search function. One axum `Router` (added with the lead issue) that AWS Lambda
//! runs through `lambda_http` and `estate serve` mounts in-process.
//!
//! [`model`] holds the published records shared with the generator, so the JSON the generator
//! writes and the JSON this function reads are one type, never two.

pub mod model;
