package io.jacos.health;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;

/**
 * Turns an instance's address into a socket address without ever blocking the caller: IP literals (nearly all
 * instances) are parsed in place, host names (Nacos accepts them) are looked up on the given executor, because
 * a DNS lookup can take seconds.
 */
final class ProbeAddress {

    private ProbeAddress() {
    }

    static CompletableFuture<InetSocketAddress> resolve(String host, int port, Executor lookups) {
        try {
            InetAddress literal = literal(host);
            if (literal != null) {
                return CompletableFuture.completedFuture(new InetSocketAddress(literal, port));
            }
        } catch (UnknownHostException e) {
            return CompletableFuture.failedFuture(e);
        }
        return CompletableFuture.supplyAsync(() -> {
            try {
                return new InetSocketAddress(InetAddress.getByName(host), port);
            } catch (UnknownHostException e) {
                throw new CompletionException(e);
            }
        }, lookups);
    }

    /** The address of an IP literal, parsed without a lookup; null when {@code host} is no IP literal. */
    static InetAddress literal(String host) throws UnknownHostException {
        byte[] v4 = ipv4(host);
        if (v4 != null) {
            return InetAddress.getByAddress(v4);
        }
        if (host.indexOf(':') >= 0) {
            // In brackets the JDK takes a host only as an IPv6 literal and fails at once otherwise, never looks it up.
            return InetAddress.getByName(host.startsWith("[") ? host : "[" + host + "]");
        }
        return null;
    }

    /** Strict dotted quad ({@code 999.1.1.1} is a host name to the JDK, so it is not one here either). */
    private static byte[] ipv4(String host) {
        String[] parts = host.split("\\.", -1);
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
