//! Email by SMTP submission with lettre: STARTTLS (required, port 587 by default) or TLS from
//! the first byte (port 465), with a user and password when given. Unencrypted SMTP is only
//! allowed to this machine (a local relay, or the tests' server).

use std::time::Duration;

use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Certificate, Tls, TlsParameters};
use lettre::{AsyncSmtpTransport, AsyncTransport as _, Tokio1Executor};

use super::Failure;
use crate::leads::email::Email;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SmtpTls {
    /// Plain connection, then STARTTLS, which must succeed.
    StartTls,
    /// TLS from the start (SMTPS).
    Tls,
    /// No encryption: only to a loopback address.
    None,
}

#[derive(Clone)]
pub struct SmtpSettings {
    pub host: String,
    /// The default follows the TLS mode: 587, 465, or 25.
    pub port: Option<u16>,
    pub tls: SmtpTls,
    pub user: Option<String>,
    pub password: Option<String>,
    /// An extra trusted certificate authority (PEM), for a relay with a private certificate.
    pub ca_pem: Option<Vec<u8>>,
}

impl std::fmt::Debug for SmtpSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SmtpSettings")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("tls", &self.tls)
            .field("user", &self.user)
            .field("password", &self.password.as_ref().map(|_| "(set)"))
            .finish_non_exhaustive()
    }
}

#[derive(Clone)]
pub struct Smtp {
    transport: AsyncSmtpTransport<Tokio1Executor>,
}

impl std::fmt::Debug for Smtp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Smtp")
    }
}

fn is_loopback(host: &str) -> bool {
    let host = host.trim_start_matches('[').trim_end_matches(']');
    host.eq_ignore_ascii_case("localhost")
        || host.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

impl Smtp {
    /// Builds the transport; it connects only when a lead is sent.
    pub fn new(settings: &SmtpSettings) -> Result<Smtp, String> {
        let host = settings.host.trim();
        if host.is_empty() {
            return Err("the SMTP host is empty".into());
        }
        let tls = |host: &str| -> Result<TlsParameters, String> {
            let mut builder = TlsParameters::builder(host.to_owned());
            if let Some(pem) = &settings.ca_pem {
                let certificate =
                    Certificate::from_pem(pem).map_err(|e| format!("the CA certificate is not PEM: {e}"))?;
                builder = builder.add_root_certificate(certificate);
            }
            builder.build_rustls().map_err(|e| format!("cannot set up TLS: {e}"))
        };
        let mut builder = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(host);
        let port = match settings.tls {
            SmtpTls::StartTls => {
                builder = builder.tls(Tls::Required(tls(host)?));
                587
            }
            SmtpTls::Tls => {
                builder = builder.tls(Tls::Wrapper(tls(host)?));
                465
            }
            SmtpTls::None => {
                if !is_loopback(host) {
                    return Err(format!(
                        "unencrypted SMTP is only allowed to this machine, not to {host}; use starttls or tls"
                    ));
                }
                25
            }
        };
        builder = builder.port(settings.port.unwrap_or(port));
        match (&settings.user, &settings.password) {
            (Some(user), Some(password)) => {
                builder = builder.credentials(Credentials::new(user.clone(), password.clone()));
            }
            (None, None) => {}
            _ => return Err("give both the SMTP user and the password, or neither".into()),
        }
        // The delivery budget bounds each attempt; this only keeps lettre from waiting longer.
        builder = builder.timeout(Some(Duration::from_secs(10)));
        Ok(Smtp { transport: builder.build() })
    }

    pub(super) async fn send(&self, email: &Email) -> Result<(), Failure> {
        match self.transport.send_raw(&email.envelope, &email.eml).await {
            Ok(_) => Ok(()),
            Err(error) => {
                let code = error.status().and_then(|code| code.to_string().parse::<u16>().ok());
                let reason = if error.is_permanent() {
                    "refused"
                } else if error.is_transient() {
                    "deferred"
                } else if error.is_timeout() {
                    "timeout"
                } else if error.is_tls() {
                    "tls"
                } else if error.is_response() {
                    "response"
                } else {
                    "connect"
                };
                Err(Failure { reason, code, detail: None, permanent: error.is_permanent() })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(host: &str, tls: SmtpTls) -> SmtpSettings {
        SmtpSettings { host: host.into(), port: None, tls, user: None, password: None, ca_pem: None }
    }

    #[test]
    fn plain_smtp_only_to_this_machine() {
        assert!(Smtp::new(&settings("127.0.0.1", SmtpTls::None)).is_ok());
        assert!(Smtp::new(&settings("localhost", SmtpTls::None)).is_ok());
        assert!(Smtp::new(&settings("[::1]", SmtpTls::None)).is_ok());
        let refused = Smtp::new(&settings("smtp.example.com", SmtpTls::None)).expect_err("refused");
        assert!(refused.contains("only allowed to this machine"), "{refused}");
        assert!(Smtp::new(&settings("smtp.example.com", SmtpTls::StartTls)).is_ok());
    }

    #[test]
    fn a_user_needs_a_password_and_the_password_stays_out_of_debug() {
        let mut half = settings("smtp.example.com", SmtpTls::Tls);
        half.user = Some("agent".into());
        assert!(Smtp::new(&half).is_err());
        half.password = Some("hunter2".into());
        assert!(Smtp::new(&half).is_ok());
        assert!(!format!("{half:?}").contains("hunter2"));
    }
}
