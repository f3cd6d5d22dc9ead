package io.jacos.model;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;

/**
 * IP literals, read without a name lookup: a strict dotted quad, or an IPv6 address (bare or in brackets). Anything
 * else is a host name to this class, even forms the JDK would read as a number ({@code 999.1.1.1}, {@code 0x7f.1}).
 */
public final class IpLiteral {

    private IpLiteral() {
    }

    /** The address {@code text} names as an IP literal; empty for a host name or anything malformed. */
    public static Optional<InetAddress> parse(String text) {
        if (text == null || text.isEmpty()) {
            return Optional.empty();
        }
        try {
            byte[] v4 = ipv4(text);
            if (v4 != null) {
                return Optional.of(InetAddress.getByAddress(v4));
            }
            if (text.indexOf(':') >= 0) {
                // In brackets the JDK takes the text only as an IPv6 literal and fails at once otherwise: no lookup.
                return Optional.of(InetAddress.getByName(text.startsWith("[") ? text : "[" + text + "]"));
            }
        } catch (UnknownHostException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    private static byte[] ipv4(String text) {
        String[] parts = text.split("\\.", -1);
        if (parts.length != 4) {
            return null;
        }
        byte[] bytes = new byte[4];
        for (int i = 0; i < 4; i++) {
            String part = parts[i];
            if (part.isEmpty() || part.length() > 3 || !part.chars().allMatch(c -> c >= '0' && c <= '9')) {
                return null;
            }
            int value = Integer.parseInt(part);
            if (value > 255) {
                return null;
            }
            bytes[i] = (byte) value;
        }
        return bytes;
    }
}
