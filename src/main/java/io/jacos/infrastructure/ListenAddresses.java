package io.jacos.infrastructure;

import io.jacos.settings.ServerSettings;

import java.net.InetSocketAddress;
import java.util.Optional;

/**
 * Where the server listens: HTTP (the app server's listener), gRPC and the UDP push socket. Every interface by
 * default, as Nacos; {@code server.address} (Nacos's name) narrows all three to one address, and gRPC and UDP each
 * keep their own override ({@code jacos.grpc.bind-address}, {@code jacos.udp.bind-address}).
 * <p>
 * {@code server.address} is read as MicroProfile Config reads it: a system property wins over the environment
 * variable {@code SERVER_ADDRESS}, as in Nacos. The bundle's HTTP listener can only follow the system property
 * (Payara resolves {@code ${server.address}} there, and nests no fallback to a variable), so the bundle sets that
 * property to {@code 0.0.0.0} where the command line sets none: under {@code java -jar} the variable is then
 * shadowed for all three alike, and {@link #ignoredVariable} says so.
 *
 * @param http      the address the bundle's HTTP (and HTTPS) listener binds; other app servers bind their own
 * @param grpc      the gRPC server's address
 * @param udp       the UDP push socket's address
 */
public record ListenAddresses(String http, String grpc, String udp) {

    /** Every interface, as {@code 0.0.0.0} binds it. */
    public static final String ANY = "0.0.0.0";
    public static final String SERVER_ADDRESS = ServerSettings.SERVER_ADDRESS.name();
    /** {@code server.address} as an environment variable; MicroProfile Config finds it by this name. */
    public static final String SERVER_ADDRESS_VARIABLE = ServerSettings.SERVER_ADDRESS_VARIABLE;

    /**
     * @param variable      {@code SERVER_ADDRESS}
     * @param serverAddress {@code server.address}
     * @param grpc          {@code jacos.grpc.bind-address}
     * @param udp           {@code jacos.udp.bind-address}
     * (a blank value counts as not given)
     */
    public static ListenAddresses of(Optional<String> variable, Optional<String> serverAddress, Optional<String> grpc,
                                     Optional<String> udp) {
        String all = given(serverAddress).or(() -> given(variable)).orElse(ANY);
        return new ListenAddresses(all, given(grpc).orElse(all), given(udp).orElse(all));
    }

    /**
     * A line for the log when {@code SERVER_ADDRESS} names another address than the one the server binds: a start
     * of the bundle with {@code java -jar} needs {@code -Dserver.address} instead.
     */
    public static Optional<String> ignoredVariable(Optional<String> variable, Optional<String> serverAddress) {
        Optional<String> named = given(variable);
        Optional<String> used = given(serverAddress);
        if (named.isEmpty() || used.isEmpty() || named.get().equals(used.get())) {
            return Optional.empty();
        }
        return Optional.of("SERVER_ADDRESS=" + named.get() + " is not used: server.address is " + used.get()
                + " (a system property wins over the variable, and the bundle sets 0.0.0.0 when none is given)."
                + " Start the bundle with -Dserver.address=" + named.get() + " to bind there.");
    }

    /** A socket address to bind: the wildcard address (both IP families where the JVM has them) for "any". */
    public static InetSocketAddress bindable(String address, int port) {
        return isAny(address) ? new InetSocketAddress(port) : new InetSocketAddress(address.strip(), port);
    }

    /** True for an address that stands for every interface ({@code 0.0.0.0}, {@code ::}, {@code *}). */
    public static boolean isAny(String address) {
        String bare = address.strip();
        return bare.equals(ANY) || bare.equals("*") || bare.equals("::") || bare.equals("[::]")
                || bare.equals("0:0:0:0:0:0:0:0");
    }

    private static Optional<String> given(Optional<String> value) {
        return value.map(String::strip).filter(text -> !text.isEmpty());
    }
}
