package io.jacos.application.internal;

import io.jacos.application.internal.SubscriberSources.Admission;
import io.jacos.settings.NamingSettings;
import io.jacos.settings.UdpSettings;
import io.jacos.model.ClientId;
import io.jacos.testing.SteppedClock;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

@DisplayName("UDP subscriber endpoints per source address")
class SubscriberSourcesTest {

    private static final long EXPIRY = 180_000;

    private final SteppedClock clock = new SteppedClock(1_000_000);
    private int perSource = 2;
    private int maxIpPortClients = 100;
    private final SubscriberSources sources = new SubscriberSources(clock, new UdpSettings() {
        @Override
        public int udpMaxSubscribersPerSource() {
            return perSource;
        }

        @Override
        public long udpSubscriberExpiryMillis() {
            return EXPIRY;
        }
    }, new NamingSettings() {
        @Override
        public int maxIpPortClients() {
            return maxIpPortClients;
        }
    });

    private static ClientId endpoint(int port) {
        return ClientId.ofIpPort("10.0.0.7", port, true);
    }

    @Test
    void aSourceNamesNewEndpointsUpToItsLimitAndRenewsTheOnesItNamed() {
        assertEquals(Admission.NEW, sources.admit("a", endpoint(1)));
        assertEquals(Admission.NEW, sources.admit("a", endpoint(2)));
        assertEquals(Admission.REFUSED, sources.admit("a", endpoint(3)));
        assertEquals(Admission.RENEWED, sources.admit("a", endpoint(1)));
        assertEquals(Admission.NEW, sources.admit("b", endpoint(3)));
        assertEquals(2, sources.countFrom("a"));
    }

    @Test
    void anEndpointIsForgottenOnceItsSourceHasNotNamedItForTheExpiry() {
        sources.admit("a", endpoint(1));
        clock.advance(EXPIRY / 2);
        sources.admit("a", endpoint(2));
        clock.advance(EXPIRY / 2);
        sources.expire();
        assertEquals(2, sources.countFrom("a"), "exactly at the expiry: kept");

        clock.advance(1);
        sources.expire();
        assertEquals(1, sources.countFrom("a"));
        assertEquals(Admission.NEW, sources.admit("a", endpoint(3)));
        clock.advance(EXPIRY);
        sources.expire();
        assertEquals(Admission.NEW, sources.admit("a", endpoint(4)), "the source's entry went and came again");
    }

    @Test
    void aReleasedEndpointFreesItsPlace() {
        sources.admit("a", endpoint(1));
        sources.admit("a", endpoint(2));
        sources.release("a", endpoint(2));
        sources.release("a", endpoint(2));
        assertEquals(1, sources.countFrom("a"));
        assertEquals(Admission.NEW, sources.admit("a", endpoint(3)));
        assertEquals(Admission.REFUSED, sources.admit("a", endpoint(4)));
    }

    @Test
    void allSourcesTogetherStayWithinTheOneXClientLimit() {
        maxIpPortClients = 3;
        sources.admit("a", endpoint(1));
        sources.admit("b", endpoint(1));
        sources.admit("c", endpoint(1));
        assertEquals(Admission.REFUSED, sources.admit("d", endpoint(1)));
        assertEquals(Admission.RENEWED, sources.admit("a", endpoint(1)));

        clock.advance(EXPIRY + 1);
        sources.expire();
        assertEquals(Admission.NEW, sources.admit("d", endpoint(1)), "expired entries leave the total");
    }

    @Test
    void withTheLimitOffEverythingIsNewAndNothingIsKept() {
        perSource = 0;
        for (int port = 1; port <= 50; port++) {
            assertEquals(Admission.NEW, sources.admit("a", endpoint(port)));
        }
        assertEquals(0, sources.countFrom("a"));
    }
}
