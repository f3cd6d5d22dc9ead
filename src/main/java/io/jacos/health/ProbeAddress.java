package io.jacos.health;

import io.jacos.model.IpLiteral;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.Optional;
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
        Optional<InetAddress> literal = IpLiteral.parse(host);
        if (literal.isPresent()) {
            return CompletableFuture.completedFuture(new InetSocketAddress(literal.get(), port));
        }
        if (host.indexOf(':') >= 0) {
            // No host name has a colon: this is a malformed IPv6 literal, not worth a lookup.
            return CompletableFuture.failedFuture(new UnknownHostException(host + ": invalid IPv6 address"));
        }
        return CompletableFuture.supplyAsync(() -> {
            try {
                return new InetSocketAddress(InetAddress.getByName(host), port);
            } catch (UnknownHostException e) {
                throw new CompletionException(e);
            }
        }, lookups);
    }
}
