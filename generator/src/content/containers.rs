//! The structure of a video or a map archive, checked through to the file's end, so that a file
//! is published as one only when it is one: first bytes of an MP4, a WebM or a PMTiles archive
//! with a page or anything else behind them (a polyglot) are refused. What is checked:
//!
//! - MP4: boxes from the first byte to the last, each with a name of letters and a size within
//!   the file, the first an `ftyp` of brands, and a movie (`moov`, or `moof` for a fragmented one);
//! - WebM: the EBML header, whose document type is `webm`, then one segment that ends where the
//!   file does, made of the segment's own elements (its seek head, info, tracks, clusters, cues,
//!   tags, chapters, attachments, padding), each within it;
//! - PMTiles: a version 3 header whose sections (the root directory in the first 16 KB, the
//!   metadata, the leaf directories, the tile data) lie end to end from the header's end to the
//!   file's, with known compressions and tile type.
//!
//! Only the headers are read (a few per box or element), never a video's frames.

use std::io::{self, Read, Seek, SeekFrom};

/// How many boxes or elements a file's top level may have.
const MAX_PARTS: usize = 1_000_000;

/// Reads up to `buf.len()` bytes at `at`; how many there were.
fn read_at<R: Read + Seek>(file: &mut R, at: u64, buf: &mut [u8]) -> io::Result<usize> {
    file.seek(SeekFrom::Start(at))?;
    let mut filled = 0;
    while filled < buf.len() {
        match file.read(&mut buf[filled..])? {
            0 => break,
            n => filled += n,
        }
    }
    Ok(filled)
}

/// Why the MP4 `file` of `len` bytes is not one, in an editor's words.
pub fn mp4<R: Read + Seek>(file: &mut R, len: u64) -> Result<(), String> {
    let (mut at, mut movie) = (0u64, false);
    for count in 0.. {
        if at >= len {
            break;
        }
        if count >= MAX_PARTS {
            return Err("more parts (boxes) than a video has".into());
        }
        let mut head = [0u8; 16];
        let got = read_at(file, at, &mut head).map_err(|e| e.to_string())?;
        if got < 8 {
            return Err(format!("it ends in the middle of a part (box) at byte {at}"));
        }
        let name = &head[4..8];
        if !name.iter().all(|&b| b.is_ascii_alphanumeric() || b == b' ' || b == 0xA9) {
            return Err(format!("its bytes at {at} are no part (box) of an MP4 video"));
        }
        let size = match u32::from_be_bytes([head[0], head[1], head[2], head[3]]) {
            0 => len - at,
            1 if got == 16 => u64::from_be_bytes(head[8..16].try_into().expect("8 bytes")),
            1 => return Err(format!("it ends in the middle of a part (box) at byte {at}")),
            n => u64::from(n),
        };
        if size < 8 || at.checked_add(size).is_none_or(|end| end > len) {
            return Err(format!(
                "its part (box) `{}` at byte {at} runs past the end of the file",
                ascii(name)
            ));
        }
        if count == 0 {
            let brands_ok = (16..=1024).contains(&size) && (size - 16).is_multiple_of(4);
            let mut brands = vec![0u8; if brands_ok { size as usize } else { 0 }];
            let printable = brands_ok
                && read_at(file, 0, &mut brands).map_err(|e| e.to_string())? == brands.len()
                && brands[8..12].iter().chain(&brands[16..]).all(|&b| b.is_ascii_graphic() || b == b' ');
            if name != b"ftyp" || !printable {
                return Err("it does not start with an MP4 video's list of brands (`ftyp`)".into());
            }
        }
        movie |= name == b"moov" || name == b"moof";
        at += size;
    }
    if movie { Ok(()) } else { Err("it has no movie (no `moov` part): nothing a browser could play".into()) }
}

fn ascii(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| if b.is_ascii_graphic() { b as char } else { '?' }).collect()
}

/// An EBML variable-length number at `at`: its value (with its length marker for an element's
/// id, `keep_marker`, or without for a size) and its length, or `None` past the end or for
/// a first byte of 0. A size of all ones (unknown) is `u64::MAX`.
fn vint<R: Read + Seek>(file: &mut R, at: u64, keep_marker: bool) -> io::Result<Option<(u64, u64)>> {
    let mut buf = [0u8; 8];
    let got = read_at(file, at, &mut buf)?;
    if got == 0 || buf[0] == 0 {
        return Ok(None);
    }
    let length = buf[0].leading_zeros() as usize + 1;
    if got < length {
        return Ok(None);
    }
    let marker = 0x80u8 >> (length - 1);
    let first = if keep_marker { buf[0] } else { buf[0] & !marker };
    let value = buf[1..length].iter().fold(u64::from(first), |v, &b| (v << 8) | u64::from(b));
    let all_ones = (buf[0] & !marker) == marker - 1 && buf[1..length].iter().all(|&b| b == 0xFF);
    Ok(Some((if !keep_marker && all_ones { u64::MAX } else { value }, length as u64)))
}

/// An element's id, size and where its data starts, at `at`.
fn element<R: Read + Seek>(file: &mut R, at: u64) -> Result<Option<(u64, u64, u64)>, String> {
    let io = |e: io::Error| e.to_string();
    let Some((id, id_len)) = vint(file, at, true).map_err(io)? else { return Ok(None) };
    let Some((size, size_len)) = vint(file, at + id_len, false).map_err(io)? else { return Ok(None) };
    Ok(Some((id, size, at + id_len + size_len)))
}

const EBML: u64 = 0x1A45_DFA3;
const DOC_TYPE: u64 = 0x4282;
const SEGMENT: u64 = 0x1853_8067;
const CLUSTER: u64 = 0x1F43_B675;
/// The elements a segment holds: seek head, info, tracks, cluster, cues, tags, chapters,
/// attachments and padding (void, CRC-32).
const SEGMENT_PARTS: [u64; 10] = [
    0x114D_9B74,
    0x1549_A966,
    0x1654_AE6B,
    CLUSTER,
    0x1C53_BB6B,
    0x1254_C367,
    0x1043_A770,
    0x1941_A469,
    0xEC,
    0xBF,
];

/// Why the WebM `file` of `len` bytes is not one, in an editor's words.
pub fn webm<R: Read + Seek>(file: &mut R, len: u64) -> Result<(), String> {
    let not_webm = || "it does not start with a WebM video's header".to_owned();
    let Some((EBML, size, start)) = element(file, 0)? else { return Err(not_webm()) };
    if size > 4096 || start + size > len {
        return Err(not_webm());
    }
    let header_end = start + size;
    let (mut at, mut doc_type) = (start, None);
    while at < header_end {
        let Some((id, size, data)) = element(file, at)? else { return Err(not_webm()) };
        if size == u64::MAX || data + size > header_end {
            return Err(not_webm());
        }
        if id == DOC_TYPE && size <= 16 {
            let mut text = vec![0u8; size as usize];
            read_at(file, data, &mut text).map_err(|e| e.to_string())?;
            doc_type = Some(text);
        }
        at = data + size;
    }
    if doc_type.as_deref() != Some(b"webm") {
        return Err("its header does not say it is a WebM video (its document type is not `webm`)".into());
    }
    let Some((SEGMENT, size, start)) = element(file, header_end)? else {
        return Err("it has no segment after its header: not a WebM video".into());
    };
    let end = if size == u64::MAX { len } else { start.saturating_add(size) };
    if end != len {
        return Err(format!(
            "its segment ends at byte {end}, and the file at byte {len}: other bytes are behind it, or it is cut short"
        ));
    }
    let mut at = start;
    for count in 0.. {
        if at >= end {
            break;
        }
        let part = element(file, at)?.filter(|(id, ..)| SEGMENT_PARTS.contains(id));
        let Some((id, size, data)) = part.filter(|_| count < MAX_PARTS) else {
            return Err(format!("its bytes at {at} are no part of a WebM video's segment"));
        };
        if size == u64::MAX && id == CLUSTER {
            // A cluster of unknown size (a live recording's): the rest is its frames.
            return Ok(());
        }
        if size == u64::MAX || data.checked_add(size).is_none_or(|e| e > end) {
            return Err(format!("its part at byte {at} runs past the end of the file"));
        }
        at = data + size;
    }
    Ok(())
}

/// The length of a PMTiles header (version 3).
const PMTILES_HEADER: u64 = 127;

/// Why the PMTiles `file` of `len` bytes is not a version 3 archive, in an editor's words.
pub fn pmtiles<R: Read + Seek>(file: &mut R, len: u64) -> Result<(), String> {
    let mut h = [0u8; PMTILES_HEADER as usize];
    if read_at(file, 0, &mut h).map_err(|e| e.to_string())? < h.len() {
        return Err("it is shorter than a map archive's header".into());
    }
    if h[7] != 3 {
        return Err(format!("it is PMTiles version {}, and the map reads version 3", h[7]));
    }
    let field = |i: usize| u64::from_le_bytes(h[8 + i * 8..16 + i * 8].try_into().expect("8 bytes"));
    // (offset, length) of the root directory, the metadata, the leaf directories, the tile data.
    let mut sections: Vec<(u64, u64)> =
        (0..4).map(|i| (field(2 * i), field(2 * i + 1))).filter(|&(_, length)| length > 0).collect();
    let (root_offset, root_length) = (field(0), field(1));
    if root_length == 0 || root_offset.saturating_add(root_length) > 16_384 {
        return Err("its root directory is not within its first 16 KB".into());
    }
    let (internal, tiles, tile_type, min_zoom, max_zoom) = (h[97], h[98], h[99], h[100], h[101]);
    if internal > 4 || tiles > 4 || tile_type > 5 || min_zoom > max_zoom {
        return Err("its header names a compression, tile type or zoom no map archive has".into());
    }
    sections.sort_unstable();
    let mut at = PMTILES_HEADER;
    for (offset, length) in sections {
        if offset != at {
            return Err(format!(
                "its parts do not lie end to end: bytes {at} to {offset} are none of them (another file behind a map archive's first bytes?)"
            ));
        }
        at = offset.checked_add(length).ok_or("its header names a part past any file's end")?;
    }
    if at != len {
        return Err(format!(
            "its parts end at byte {at}, and the file at byte {len}: other bytes are behind them, or it is cut short"
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::io::Cursor;

    use super::*;

    fn check(f: fn(&mut Cursor<Vec<u8>>, u64) -> Result<(), String>, bytes: Vec<u8>) -> Result<(), String> {
        let len = bytes.len() as u64;
        f(&mut Cursor::new(bytes), len)
    }

    fn mp4_box(name: &[u8; 4], body: &[u8]) -> Vec<u8> {
        let mut out = ((body.len() + 8) as u32).to_be_bytes().to_vec();
        out.extend_from_slice(name);
        out.extend_from_slice(body);
        out
    }

    fn a_video() -> Vec<u8> {
        let mut file = mp4_box(b"ftyp", b"isom\0\0\x02\0isomiso2mp41");
        file.extend(mp4_box(b"moov", &mp4_box(b"mvhd", &[0; 100])));
        file.extend(mp4_box(b"mdat", &[7; 1000]));
        file
    }

    #[test]
    fn an_mp4_is_boxes_to_its_end_with_a_movie() {
        assert_eq!(check(mp4, a_video()), Ok(()));
        let mut html_after = a_video();
        html_after.extend_from_slice(b"<html><script>alert(1)</script></html>");
        assert!(check(mp4, html_after).unwrap_err().contains("no part (box)"));
        let mut magic_then_html = b"\0\0\0\x20ftypisom".to_vec();
        magic_then_html.extend_from_slice(b"<!doctype html><script>alert(1)</script>");
        assert!(check(mp4, magic_then_html).is_err());
        let mut cut = a_video();
        cut.truncate(cut.len() - 10);
        assert!(check(mp4, cut).unwrap_err().contains("runs past the end"));
        let mut no_movie = mp4_box(b"ftyp", b"isom\0\0\x02\0isom");
        no_movie.extend(mp4_box(b"free", b"<html>"));
        assert!(check(mp4, no_movie).unwrap_err().contains("no movie"));
    }

    fn ebml(id: &[u8], body: &[u8]) -> Vec<u8> {
        let mut out = id.to_vec();
        out.extend_from_slice(&[0x01, 0, 0, 0, 0, 0, 0, body.len() as u8]);
        out.extend_from_slice(body);
        out
    }

    fn a_webm() -> Vec<u8> {
        let mut file = ebml(
            &[0x1A, 0x45, 0xDF, 0xA3],
            &[ebml(&[0x42, 0x86], &[1]), ebml(&[0x42, 0x82], b"webm")].concat(),
        );
        let segment =
            [ebml(&[0x15, 0x49, 0xA9, 0x66], &[0; 20]), ebml(&[0x1F, 0x43, 0xB6, 0x75], &[9; 200])].concat();
        file.extend(ebml(&[0x18, 0x53, 0x80, 0x67], &segment));
        file
    }

    #[test]
    fn a_webm_is_a_webm_header_and_one_segment_to_its_end() {
        assert_eq!(check(webm, a_webm()), Ok(()));
        let mut html_after = a_webm();
        html_after.extend_from_slice(b"<html><script>alert(1)</script></html>");
        assert!(check(webm, html_after).unwrap_err().contains("other bytes are behind it"));
        let mut magic_then_html = vec![0x1A, 0x45, 0xDF, 0xA3];
        magic_then_html.extend_from_slice(b"<html><script>alert(1)</script></html>");
        assert!(check(webm, magic_then_html).is_err());
        let mut mkv = a_webm();
        let at = mkv.windows(4).position(|w| w == b"webm").unwrap();
        mkv[at..at + 4].copy_from_slice(b"webx");
        assert!(check(webm, mkv).unwrap_err().contains("document type"));
    }

    fn an_archive(tail: &[u8]) -> Vec<u8> {
        let mut h = b"PMTiles\x03".to_vec();
        // root 127+10, metadata 137+5, no leaves, tiles 142+20
        for v in [127u64, 10, 137, 5, 142, 0, 142, 20, 1, 1, 1] {
            h.extend_from_slice(&v.to_le_bytes());
        }
        h.extend_from_slice(&[1, 2, 2, 1, 0, 14]);
        h.resize(127, 0);
        h.extend_from_slice(&[0; 35]);
        h.extend_from_slice(tail);
        h
    }

    #[test]
    fn a_pmtiles_archive_is_its_parts_end_to_end() {
        assert_eq!(check(pmtiles, an_archive(b"")), Ok(()));
        assert!(check(pmtiles, an_archive(b"<html></html>")).unwrap_err().contains("other bytes are behind"));
        let mut magic_then_html = b"PMTiles\x03".to_vec();
        magic_then_html.extend_from_slice(&b"<!doctype html><script>alert(1)</script>".repeat(4));
        assert!(check(pmtiles, magic_then_html).is_err());
        // The sample site's map, as go-pmtiles writes one.
        let sample =
            std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../content/media/map/sample-dubai.pmtiles"))
                .expect("the sample's map");
        assert_eq!(check(pmtiles, sample), Ok(()));
    }
}
