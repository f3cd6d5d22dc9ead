package io.jacos.cluster;

import io.jacos.infrastructure.ServerEndpoints;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.Config;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.Optional;
import java.util.function.Function;

/**
 * The membership settings through MicroProfile Config (system properties and environment variables override),
 * read once: a node does not change its name or its peers while it runs. The names and defaults are those of
 * {@link ClusterPlanReader}: {@code nacos.member.list}, {@code nacos.standalone}, {@code nacos.home},
 * {@code nacos.inetutils.ip-address} (and the other {@code nacos.inetutils.*} of {@link MachineAddress}),
 * {@code server.address}, and {@code jacos.cluster.*} ({@code name}, {@code port-offset},
 * {@code fd-sock-offset}, {@code bind-address}, {@code discovery}, {@code dns-query}, {@code suspect-timeout},
 * {@code merge-interval}, {@code join-timeout}, {@code max-send-queue}).
 */
@ApplicationScoped
public class MembershipSettings {

    private Config config;
    private ServerEndpoints endpoints;

    /** For the container's proxy. */
    protected MembershipSettings() {
    }

    @Inject
    public MembershipSettings(Config config, ServerEndpoints endpoints) {
        this.config = config;
        this.endpoints = endpoints;
    }

    private volatile ClusterPlan plan;

    public ClusterPlan plan() {
        ClusterPlan read = plan;
        if (read == null) {
            Function<String, Optional<String>> values = name -> config.getOptionalValue(name, String.class)
                    .map(String::strip).filter(value -> !value.isEmpty());
            MachineAddress machine = new MachineAddress(values);
            read = new ClusterPlanReader(values, MembershipSettings::isLocalHost,
                    () -> machine.pick(MachineAddress.interfaces(), MachineAddress.localHost()))
                    .read(endpoints.mainPort());
            plan = read;
        }
        return read;
    }

    /** Loopback, or an address of one of this machine's interfaces; a name that does not resolve is not. */
    static boolean isLocalHost(String host) {
        try {
            InetAddress address = InetAddress.getByName(host);
            return address.isLoopbackAddress() || NetworkInterface.getByInetAddress(address) != null;
        } catch (UnknownHostException | SocketException e) {
            return false;
        }
    }
}
