//! The lead and search function on AWS Lambda (see `lead_fn::lambda` and the README's
//! "Deploying the lead function").

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), lambda_http::Error> {
    lead_fn::lambda::run().await
}
