package io.jacos.transport.http;

import io.jacos.model.ChangeOrigin;
import io.jacos.application.InstanceSpec;
import io.jacos.application.IpPortClientService;
import io.jacos.application.Selection;
import io.jacos.application.ServiceRef;
import io.jacos.application.internal.DefaultRuntimeSwitches;
import io.jacos.settings.BeatSettings;
import io.jacos.settings.NamingSettings;
import io.jacos.settings.UdpSettings;
import io.jacos.model.RegistryException;
import io.jacos.model.ServiceKey;
import io.jacos.registry.TestRegistries;
import io.jacos.transport.http.InstanceListing.ListRequest;
import io.jacos.transport.legacy.LegacyServiceInfo;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class InstanceListingTest {

    private static final ServiceRef SERVICE = new ServiceRef(null, "DEFAULT_GROUP", "orders");
    private static final String JAVA_1_4_6 = "Nacos-Java-Client:v1.4.6";

    private final RecordingClients clients = new RecordingClients();
    private final TestUdpSettings udpSettings = new TestUdpSettings();
    private InstanceListing listing;

    @BeforeEach
    void wire() {
        listing = new InstanceListing(clients,
                TestRegistries.create(Clock.systemUTC(), TestRegistries.eventList()).reader(), udpSettings,
                new TestNamingSettings(), new DefaultRuntimeSwitches(new TestBeatSettings()));
    }

    @Test
    void aClientNacosPushesToIsSubscribedAtItsAddressAndUdpPort() {
        listing.list(request(JAVA_1_4_6, 5000));

        assertEquals(List.of("10.0.0.9:5000"), clients.lists);
        assertEquals(List.of("192.168.7.7"), clients.sources, "counted against the request's TCP peer");
    }

    @Test
    void otherAgentsOnlyRead() {
        listing.list(request("curl/8.0", 5000));
        listing.list(request("", 5000));

        assertEquals(List.of("10.0.0.9:0", "10.0.0.9:0"), clients.lists);
    }

    @Test
    void noSubscriptionWhenUdpPushIsOff() {
        udpSettings.pushEnabled = false;

        listing.list(request(JAVA_1_4_6, 5000));

        assertEquals(List.of("10.0.0.9:0"), clients.lists);
    }

    @Test
    void aPortOutOfRangeIsRefusedNamingItsParameter() {
        RegistryException e = assertThrows(RegistryException.class, () -> listing.list(new ListRequest(SERVICE, "",
                false, JAVA_1_4_6, "10.0.0.9", 70000, "udpPort", "192.168.7.7")));

        assertEquals("udpPort", e.param());
    }

    @Test
    void answersTheLegacyServiceInfoWithGroupedNameAndGroup() {
        LegacyServiceInfo info = listing.list(request(JAVA_1_4_6, 0));

        assertEquals("DEFAULT_GROUP@@orders", info.name());
        assertEquals("DEFAULT_GROUP", info.groupName());
        assertEquals("c1", info.clusters());
        assertEquals(7000, info.cacheMillis());
    }

    private static ListRequest request(String agent, int udpPort) {
        return new ListRequest(SERVICE, "c1", false, agent, "10.0.0.9", udpPort, "udpPort", "192.168.7.7");
    }

    private static final class TestUdpSettings extends UdpSettings {
        boolean pushEnabled = true;

        @Override
        public boolean udpPushEnabled() {
            return pushEnabled;
        }
    }

    private static final class TestNamingSettings extends NamingSettings {
        @Override
        public long cacheMillis() {
            return 7000;
        }
    }

    private static final class TestBeatSettings extends BeatSettings {
        @Override
        public long beatIntervalMillis() {
            return 5000;
        }

        @Override
        public long beatUnhealthyTimeoutMillis() {
            return 15000;
        }

        @Override
        public long beatDeleteTimeoutMillis() {
            return 30000;
        }
    }

    /** Records each list call as {@code subscriberIp:udpPort}, and each call's source. */
    private static final class RecordingClients implements IpPortClientService {
        final List<String> lists = new ArrayList<>();
        final List<String> sources = new ArrayList<>();

        @Override
        public Selection list(ServiceRef service, String clusters, boolean healthyOnly, String subscriberIp,
                              int udpPort, String source) {
            lists.add(subscriberIp + ":" + udpPort);
            sources.add(source);
            return new Selection(new ServiceKey("public", service.groupName(), service.serviceName()), 1, 1, clusters,
                    healthyOnly, List.of(), false);
        }

        @Override
        public void register(ServiceRef service, InstanceSpec instance) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void update(ServiceRef service, InstanceSpec instance) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean deregister(ServiceRef service, String ip, Integer port, boolean ephemeral) {
            throw new UnsupportedOperationException();
        }

        @Override
        public BeatAnswer beat(ServiceRef service, BeatSpec beat) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean setHealth(ServiceRef service, String ip, Integer port, boolean healthy, ChangeOrigin origin) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void expireLeases() {
            throw new UnsupportedOperationException();
        }
    }
}
