package io.jacos.cluster;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.PatternSyntaxException;

/**
 * This machine's address as Nacos picks it for a node nobody named, with Nacos's settings and meaning:
 * <ul>
 *   <li>{@code nacos.inetutils.prefer-hostname-over-ip=true}: the local host's name (its canonical name when
 *       that differs);</li>
 *   <li>otherwise the first non-loopback IPv4 address: among the interfaces that are up and not ignored
 *       ({@code nacos.inetutils.ignored-interfaces}, names or regular expressions), the one with the lowest index
 *       that has such an address, and within it the last one it lists; with
 *       {@code nacos.inetutils.use-only-site-local-interfaces=true} only site-local addresses count, else with
 *       {@code nacos.inetutils.preferred-networks} only addresses matching or starting with one of them;</li>
 *   <li>when no interface has one, the local host's address.</li>
 * </ul>
 * Lists are comma-separated. The interfaces come in as values, so tests hand it a made-up machine.
 */
public final class MachineAddress {

    /** Where a machine that lists no interface and cannot resolve its own name still is. */
    static final String LOOPBACK = "127.0.0.1";

    /** One network interface as the JDK reports it. */
    public record Nic(String name, int index, boolean up, List<InetAddress> addresses) {
        public Nic {
            addresses = List.copyOf(addresses);
        }
    }

    /** What the JDK knows of the local host: its name and canonical name, and its address. */
    public record LocalHost(String name, String canonicalName, String address) {
    }

    private final boolean preferHostname;
    private final boolean siteLocalOnly;
    private final List<String> preferredNetworks;
    private final List<String> ignoredInterfaces;

    /** @param settings a setting's trimmed, non-blank value by name */
    public MachineAddress(Function<String, Optional<String>> settings) {
        this.preferHostname = settings.apply("nacos.inetutils.prefer-hostname-over-ip").map(Boolean::parseBoolean)
                .orElse(false);
        this.siteLocalOnly = settings.apply("nacos.inetutils.use-only-site-local-interfaces")
                .map(Boolean::parseBoolean).orElse(false);
        this.preferredNetworks = list(settings.apply("nacos.inetutils.preferred-networks"));
        this.ignoredInterfaces = list(settings.apply("nacos.inetutils.ignored-interfaces"));
    }

    /** The host name or address this machine goes by, from these interfaces and this local host. */
    public String pick(List<Nic> nics, Optional<LocalHost> localHost) {
        if (preferHostname && localHost.isPresent()) {
            LocalHost host = localHost.get();
            return host.name().equals(host.canonicalName()) ? host.name() : host.canonicalName();
        }
        return firstNonLoopback(nics).map(InetAddress::getHostAddress)
                .or(() -> localHost.map(LocalHost::address))
                .orElse(LOOPBACK);
    }

    Optional<InetAddress> firstNonLoopback(List<Nic> nics) {
        Nic chosen = null;
        InetAddress found = null;
        for (Nic nic : nics) {
            if (!nic.up() || ignored(nic.name()) || (chosen != null && nic.index() >= chosen.index())) {
                continue;
            }
            Optional<InetAddress> last = nic.addresses().stream()
                    .filter(address -> address instanceof Inet4Address && !address.isLoopbackAddress())
                    .filter(this::preferred)
                    .reduce((first, second) -> second);
            if (last.isPresent()) {
                chosen = nic;
                found = last.get();
            }
        }
        return Optional.ofNullable(found);
    }

    private boolean preferred(InetAddress address) {
        if (siteLocalOnly) {
            return address.isSiteLocalAddress();
        }
        String text = address.getHostAddress();
        return preferredNetworks.isEmpty()
                || preferredNetworks.stream().anyMatch(network -> text.startsWith(network) || matches(text, network));
    }

    private boolean ignored(String name) {
        return ignoredInterfaces.stream().anyMatch(pattern -> name.equals(pattern) || matches(name, pattern));
    }

    private static boolean matches(String text, String regex) {
        try {
            return text.matches(regex);
        } catch (PatternSyntaxException e) {
            return false;
        }
    }

    private static List<String> list(Optional<String> value) {
        return value.map(text -> List.of(text.split(","))).orElse(List.of()).stream()
                .map(String::strip).filter(item -> !item.isEmpty()).toList();
    }

    /** This machine's interfaces as the JDK sees them; none when it cannot list them. */
    public static List<Nic> interfaces() {
        List<Nic> nics = new ArrayList<>();
        try {
            for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                nics.add(new Nic(nic.getDisplayName(), nic.getIndex(), nic.isUp(),
                        Collections.list(nic.getInetAddresses())));
            }
        } catch (SocketException e) {
            return List.of();
        }
        return nics;
    }

    /** The local host as the JDK resolves it; empty when its name does not resolve. */
    public static Optional<LocalHost> localHost() {
        try {
            InetAddress local = InetAddress.getLocalHost();
            return Optional.of(new LocalHost(local.getHostName(), local.getCanonicalHostName(),
                    local.getHostAddress()));
        } catch (UnknownHostException e) {
            return Optional.empty();
        }
    }
}
