//! A small HTTP server for the import's tests: the files of a folder on 127.0.0.1.

use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::path::PathBuf;

/// Serves the files under `root` on 127.0.0.1 (an ephemeral port) until the test ends; returns
/// its origin. `.jpg` files are `image/jpeg` and `.xml` `application/xml`, except that files
/// named `*-as-html.jpg` are served as `text/html`, as a misconfigured CRM would.
pub fn serve(root: PathBuf) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let origin = format!("http://{}", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let root = root.clone();
            std::thread::spawn(move || {
                let mut reader = BufReader::new(&stream);
                let mut request = String::new();
                let _ = reader.read_line(&mut request);
                loop {
                    let mut header = String::new();
                    if reader.read_line(&mut header).map_or(true, |n| n == 0) || header == "\r\n" {
                        break;
                    }
                }
                let path = request.split(' ').nth(1).unwrap_or("/").trim_start_matches('/');
                let mut stream = &stream;
                let (status, kind, body) = match std::fs::read(root.join(path)) {
                    Ok(body) if path.ends_with("-as-html.jpg") => ("200 OK", "text/html", body),
                    Ok(body) if path.ends_with(".xml") => ("200 OK", "application/xml", body),
                    Ok(body) if path.ends_with(".jpg") => ("200 OK", "image/jpeg", body),
                    Ok(body) => ("200 OK", "application/octet-stream", body),
                    Err(_) => ("404 Not Found", "text/plain", b"not found".to_vec()),
                };
                let head = format!(
                    "HTTP/1.1 {status}\r\ncontent-type: {kind}\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
                    body.len()
                );
                let _ = stream.write_all(head.as_bytes()).and_then(|()| stream.write_all(&body));
            });
        }
    });
    origin
}
