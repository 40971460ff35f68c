//! A small HTTP server for the import's tests: the files of a folder on 127.0.0.1; and the
//! feeds and content folders those tests import.

use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::path::{Path, PathBuf};

use super::{copy_tree, repo};

/// A content folder in `dir` with the sample's team, developers and vocabularies, no listings.
pub fn empty_content(dir: &Path) -> PathBuf {
    let content = dir.join("content");
    copy_tree(&repo().join("content"), &content, &["properties", "blog"]);
    std::fs::create_dir_all(content.join("properties")).expect("a folder");
    content
}

/// A folder in `dir` for the server, with a real photo `a.jpg`.
pub fn photo_site(dir: &Path) -> PathBuf {
    let site = dir.join("site");
    std::fs::create_dir_all(&site).expect("a folder");
    std::fs::copy(repo().join("content/media/properties/bay-tower-1.jpg"), site.join("a.jpg"))
        .expect("a copy");
    site
}

/// One listing of a Property Finder feed, a villa for sale, with `title` and the photo at
/// `photo` (none when empty).
pub fn feed_listing(reference: &str, title: &str, photo: &str) -> String {
    let photo = if photo.is_empty() { String::new() } else { format!("<photo><url>{photo}</url></photo>") };
    format!(
        "<property last_update=\"2026-11-01 10:00:00\"><reference_number>{reference}</reference_number>\
         <offering_type>RS</offering_type><property_type>VH</property_type><size>4000</size>\
         <price>1000000</price><title_en>{title}</title_en>{photo}</property>\n"
    )
}

/// The file names in `content/properties`, sorted.
pub fn listing_files(content: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(content.join("properties"))
        .expect("listed")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Serves the files under `root` on 127.0.0.1 (an ephemeral port) until the test ends; returns
/// its origin. `.jpg` files are `image/jpeg` and `.xml` `application/xml`, except that files
/// named `*-as-html.jpg` are served as `text/html`, as a misconfigured CRM would; a path with a
/// file `<path>.redirect` beside it is redirected (302) to the address that file holds. A slow or
/// stalling server: with a file `<path>.delay` beside it, the answer waits that many
/// milliseconds; a path under `stall/` is never answered (the connection is held open).
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
                if path.starts_with("stall/") {
                    std::thread::sleep(std::time::Duration::from_secs(600));
                    return;
                }
                if let Ok(ms) = std::fs::read_to_string(root.join(format!("{path}.delay"))) {
                    std::thread::sleep(std::time::Duration::from_millis(ms.trim().parse().unwrap_or(0)));
                }
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
