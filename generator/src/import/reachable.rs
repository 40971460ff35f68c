//! Which addresses `estate import` may download from: those on the public internet. One table
//! decides, [`BLOCKS`], taken from IANA's two special-purpose address registries (the "IPv4
//! Special-Purpose Address Registry" and the "IPv6 Special-Purpose Address Registry",
//! <https://www.iana.org/assignments/iana-ipv4-special-registry/> and
//! <https://www.iana.org/assignments/iana-ipv6-special-registry/>): every block they mark as not
//! globally reachable (or not reachable at all, such as the deprecated 6to4 relays) is refused,
//! and the few smaller blocks they mark reachable inside one (an anycast service) are taken. To
//! them the table adds the multicast ranges (IANA's multicast registries) and IPv6's deprecated
//! site-local block (RFC 3879), which are no place to fetch a photo from either. An IPv6 address
//! of a form that carries an IPv4 one (IPv4-mapped, -translated, -compatible, NAT64's well-known
//! prefix, 6to4) is judged by that IPv4 address against the same table, which is where a
//! translator or relay would deliver it. The most specific block containing an address decides;
//! an address in none is public.

use std::net::{IpAddr, Ipv4Addr};

/// A block of addresses: IPv4 or IPv6, its first address and its prefix length.
#[derive(Clone, Copy)]
enum Net {
    V4(u32, u8),
    V6(u128, u8),
}

impl Net {
    fn prefix(self) -> u8 {
        match self {
            Net::V4(_, len) | Net::V6(_, len) => len,
        }
    }

    fn contains(self, ip: IpAddr) -> bool {
        match (self, ip) {
            (Net::V4(net, len), IpAddr::V4(ip)) => {
                let mask = if len == 0 { 0 } else { u32::MAX << (32 - u32::from(len)) };
                u32::from(ip) & mask == net
            }
            (Net::V6(net, len), IpAddr::V6(ip)) => {
                let mask = if len == 0 { 0 } else { u128::MAX << (128 - u32::from(len)) };
                u128::from(ip) & mask == net
            }
            _ => false,
        }
    }
}

/// What the table says of a block.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Reach {
    /// Not globally reachable: refused.
    Not,
    /// Globally reachable (inside a larger block that is not).
    Global,
    /// Judged by the IPv4 address in its last 32 bits.
    Last32,
    /// 6to4: judged by the IPv4 address in bits 16 to 48.
    SixToFour,
}

const fn v4(a: u8, b: u8, c: u8, d: u8, len: u8) -> Net {
    Net::V4(u32::from_be_bytes([a, b, c, d]), len)
}

const fn v6(segments: [u16; 8], len: u8) -> Net {
    let mut value = 0u128;
    let mut i = 0;
    while i < 8 {
        value = (value << 16) | segments[i] as u128;
        i += 1;
    }
    Net::V6(value, len)
}

use Reach::{Global, Last32, Not, SixToFour};

/// The special-purpose blocks, each with what it is (the registries' names).
const BLOCKS: &[(Net, Reach, &str)] = &[
    // The IPv4 Special-Purpose Address Registry.
    (v4(0, 0, 0, 0, 8), Not, "this network"),
    (v4(10, 0, 0, 0, 8), Not, "private use"),
    (v4(100, 64, 0, 0, 10), Not, "shared address space (carrier-grade NAT)"),
    (v4(127, 0, 0, 0, 8), Not, "loopback"),
    (v4(169, 254, 0, 0, 16), Not, "link local"),
    (v4(172, 16, 0, 0, 12), Not, "private use"),
    (v4(192, 0, 0, 0, 24), Not, "IETF protocol assignments"),
    (v4(192, 0, 0, 9, 32), Global, "port control protocol anycast"),
    (v4(192, 0, 0, 10, 32), Global, "traversal using relays around NAT anycast"),
    (v4(192, 0, 2, 0, 24), Not, "documentation (TEST-NET-1)"),
    (v4(192, 88, 99, 0, 24), Not, "deprecated 6to4 relay anycast"),
    (v4(192, 168, 0, 0, 16), Not, "private use"),
    (v4(198, 18, 0, 0, 15), Not, "benchmarking"),
    (v4(198, 51, 100, 0, 24), Not, "documentation (TEST-NET-2)"),
    (v4(203, 0, 113, 0, 24), Not, "documentation (TEST-NET-3)"),
    (v4(240, 0, 0, 0, 4), Not, "reserved"),
    (v4(255, 255, 255, 255, 32), Not, "limited broadcast"),
    // IPv4 multicast (the multicast address space registry).
    (v4(224, 0, 0, 0, 4), Not, "multicast"),
    // The IPv6 Special-Purpose Address Registry.
    (v6([0, 0, 0, 0, 0, 0, 0, 1], 128), Not, "loopback"),
    (v6([0; 8], 128), Not, "unspecified"),
    (v6([0, 0, 0, 0, 0, 0xffff, 0, 0], 96), Last32, "IPv4-mapped"),
    (v6([0x64, 0xff9b, 0, 0, 0, 0, 0, 0], 96), Last32, "IPv4-IPv6 translation (NAT64)"),
    (v6([0x64, 0xff9b, 1, 0, 0, 0, 0, 0], 48), Not, "IPv4-IPv6 translation for local use"),
    (v6([0x100, 0, 0, 0, 0, 0, 0, 0], 64), Not, "discard-only"),
    (v6([0x100, 0, 0, 1, 0, 0, 0, 0], 64), Not, "dummy IPv6 prefix"),
    (v6([0x2001, 0, 0, 0, 0, 0, 0, 0], 23), Not, "IETF protocol assignments"),
    (v6([0x2001, 1, 0, 0, 0, 0, 0, 1], 128), Global, "port control protocol anycast"),
    (v6([0x2001, 1, 0, 0, 0, 0, 0, 2], 128), Global, "traversal using relays around NAT anycast"),
    (v6([0x2001, 1, 0, 0, 0, 0, 0, 3], 128), Global, "DNS-SD service registration protocol anycast"),
    (v6([0x2001, 3, 0, 0, 0, 0, 0, 0], 32), Global, "automatic multicast tunneling"),
    (v6([0x2001, 4, 0x112, 0, 0, 0, 0, 0], 48), Global, "AS112-v6"),
    (v6([0x2001, 0x20, 0, 0, 0, 0, 0, 0], 28), Global, "ORCHIDv2"),
    (v6([0x2001, 0x30, 0, 0, 0, 0, 0, 0], 28), Global, "drone remote ID protocol entity tags"),
    (v6([0x2001, 0xdb8, 0, 0, 0, 0, 0, 0], 32), Not, "documentation"),
    (v6([0x2002, 0, 0, 0, 0, 0, 0, 0], 16), SixToFour, "6to4"),
    (v6([0x3fff, 0, 0, 0, 0, 0, 0, 0], 20), Not, "documentation"),
    (v6([0x5f00, 0, 0, 0, 0, 0, 0, 0], 16), Not, "segment routing (SRv6) SIDs"),
    (v6([0xfc00, 0, 0, 0, 0, 0, 0, 0], 7), Not, "unique-local"),
    (v6([0xfe80, 0, 0, 0, 0, 0, 0, 0], 10), Not, "link-local unicast"),
    // Beside the registry: the forms that carry an IPv4 address (IPv4-translated, RFC 2765;
    // IPv4-compatible, deprecated by RFC 4291, whose block holds `::1` and `::` too, which the
    // more specific lines above refuse), the deprecated site-local block and multicast.
    (v6([0, 0, 0, 0, 0xffff, 0, 0, 0], 96), Last32, "IPv4-translated"),
    (v6([0; 8], 96), Last32, "IPv4-compatible"),
    (v6([0xfec0, 0, 0, 0, 0, 0, 0, 0], 10), Not, "site-local (deprecated)"),
    (v6([0xff00, 0, 0, 0, 0, 0, 0, 0], 8), Not, "multicast"),
];

/// The most specific block of [`BLOCKS`] holding `ip`.
fn block_of(ip: IpAddr) -> Option<&'static (Net, Reach, &'static str)> {
    BLOCKS.iter().filter(|(net, ..)| net.contains(ip)).max_by_key(|(net, ..)| net.prefix())
}

/// Why `ip` is not on the public internet (the name of its block, or of the block of the IPv4
/// address it carries), or `None` when it is.
pub fn not_public(ip: IpAddr) -> Option<&'static str> {
    let (_, reach, name) = block_of(ip)?;
    let IpAddr::V6(v6) = ip else {
        return (*reach == Not).then_some(*name);
    };
    let octets = v6.octets();
    let inner = match reach {
        Not => return Some(name),
        Global => return None,
        Last32 => Ipv4Addr::new(octets[12], octets[13], octets[14], octets[15]),
        SixToFour => Ipv4Addr::new(octets[2], octets[3], octets[4], octets[5]),
    };
    not_public(IpAddr::V4(inner))
}

/// Whether `ip` is on the public internet: in no block of [`BLOCKS`] that is not.
pub fn is_public(ip: IpAddr) -> bool {
    not_public(ip).is_none()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_block_the_registries_mark_not_globally_reachable_is_refused() {
        for local in [
            "192.0.0.1",
            "192.0.0.170",
            "192.0.2.1",
            "198.51.100.1",
            "203.0.113.1",
            "240.0.0.1",
            "255.255.255.254",
            "192.88.99.1",
            "198.18.0.1",
            "198.19.255.1",
            "224.0.0.1",
            "2001:2::1",
            "2001:10::1",
            "2001::1",
            "2001:1::4",
            "2001:1ff::1",
            "3fff::1",
            "5f00::1",
            "100:0:0:1::1",
            // The forms that carry 198.18.0.1: NAT64, 6to4, IPv4-mapped, -translated, -compatible.
            "64:ff9b::c612:1",
            "64:ff9b::198.18.0.1",
            "2002:c612:1::1",
            "::ffff:198.18.0.1",
            "::ffff:0:198.18.0.1",
            "::198.18.0.1",
            "64:ff9b:1::8.8.8.8",
            "ff02::1",
        ] {
            assert!(!is_public(local.parse().unwrap()), "{local}");
        }
        for public in [
            "8.8.8.8",
            "192.0.0.9",
            "192.0.1.1",
            "198.20.0.1",
            "2001:4:112::1",
            "2001:1::1",
            "2001:3::1",
            "2001:200::1",
            "2a00:1450:4001::200e",
            "64:ff9b::8.8.8.8",
            "2002:808:808::1",
            "::ffff:8.8.8.8",
        ] {
            assert!(is_public(public.parse().unwrap()), "{public}");
        }
        assert_eq!(not_public("2002:c612:1::1".parse().unwrap()), Some("benchmarking"));
        assert_eq!(not_public("2001:2::1".parse().unwrap()), Some("IETF protocol assignments"));
    }
}
