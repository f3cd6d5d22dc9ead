package io.jacos.auth;

import io.jacos.infrastructure.ListenAddresses;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The one line logged at start when the server listens beyond loopback with auth off: then anyone who reaches
 * its ports may register, deregister and read every service. Binding every interface is the default (as Nacos),
 * so the line says what is exposed and the two ways out. Pure, so the decision is tested without a server.
 */
final class ExposureWarning {

    /** A listening socket: what it serves, its address as configured, and its port (0 when chosen at bind). */
    record Listener(String serves, String address, int port) {

        String shown() {
            return serves + " " + address + (port > 0 ? ":" + port : "");
        }
    }

    private ExposureWarning() {
    }

    /**
     * @param authEnabled {@code nacos.core.auth.enabled}
     * @param listeners   what the server listens on
     * @param isLoopback  whether an address (literal or name) is a loopback address
     * @return the line to log as a warning; empty with auth on or with every listener on loopback
     */
    static Optional<String> line(boolean authEnabled, List<Listener> listeners, Predicate<String> isLoopback) {
        if (authEnabled) {
            return Optional.empty();
        }
        List<Listener> exposed = listeners.stream().filter(listener -> !isLoopback.test(listener.address())).toList();
        if (exposed.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("Auth is off and Jacos listens beyond loopback ("
                + exposed.stream().map(Listener::shown).collect(Collectors.joining(", "))
                + "): whoever reaches these ports may register, deregister and read every service. Turn auth on with"
                + " NACOS_CORE_AUTH_ENABLED=true and NACOS_CORE_AUTH_ADMIN_PASSWORD=<the first admin's password>"
                + " (or -Dnacos.core.auth.enabled=true -Dnacos.core.auth.admin.password=...), or serve this"
                + " machine only with -Dserver.address=127.0.0.1.");
    }

    /**
     * Loopback as the operating system will bind it: a literal or a name resolving to 127.0.0.0/8 or ::1. A name
     * that does not resolve counts as exposed (the bind fails anyway), and the wildcard is exposed.
     */
    static boolean resolvesToLoopback(String address) {
        if (ListenAddresses.isAny(address)) {
            return false;
        }
        try {
            return InetAddress.getByName(address.strip()).isLoopbackAddress();
        } catch (UnknownHostException | SecurityException e) {
            return false;
        }
    }
}
