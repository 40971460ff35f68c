//! The lead and search function on AWS Lambda (see `lead_fn::lambda`; deploying it:
//! docs/deploy.md).

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), lambda_http::Error> {
    lead_fn::lambda::run().await
}
