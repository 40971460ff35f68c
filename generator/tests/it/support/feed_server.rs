//! A small HTTP server for the import's tests: the files of a folder on 127.0.0.1.

use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::path::PathBuf;

/// Serves the files under `root` on 127.0.0.1 (an ephemeral port) until the test ends; returns
/// its origin. `.jpg` files are `image/jpeg` and `.xml` `application/xml`, except that files
/// named `*-as-html.jpg` are served as `text/html`, as a misconfigured CRM would; a path with a
/// file `<path>.redirect` beside it is redirected (302) to the address that file holds.
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
                let redirect = std::fs::read_to_string(root.join(format!("{path}.redirect")));
                let (status, kind, body) = match std::fs::read(root.join(path)) {
                    _ if redirect.is_ok() => (
                        "302 Found\r\nlocation: ".to_owned() + redirect.as_deref().unwrap_or(""),
                        "text/plain",
                        Vec::new(),
                    ),
                    Ok(body) if path.ends_with("-as-html.jpg") => ("200 OK".to_owned(), "text/html", body),
                    Ok(body) if path.ends_with(".xml") => ("200 OK".to_owned(), "application/xml", body),
                    Ok(body) if path.ends_with(".jpg") => ("200 OK".to_owned(), "image/jpeg", body),
                    Ok(body) => ("200 OK".to_owned(), "application/octet-stream", body),
                    Err(_) => ("404 Not Found".to_owned(), "text/plain", b"not found".to_vec()),
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
