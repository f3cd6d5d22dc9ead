package io.jacos.auth;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ExposureWarningTest {

    private static final ExposureWarning.Listener HTTP_ANY = new ExposureWarning.Listener("HTTP", "0.0.0.0", 8848);
    private static final ExposureWarning.Listener GRPC_LOOPBACK = new ExposureWarning.Listener("gRPC", "127.0.0.1", 9848);
    private static final ExposureWarning.Listener UDP_LAN = new ExposureWarning.Listener("UDP push", "10.0.0.5", 0);

    private static Optional<String> line(boolean authEnabled, ExposureWarning.Listener... listeners) {
        return ExposureWarning.line(authEnabled, List.of(listeners), ExposureWarning::resolvesToLoopback);
    }

    @Test
    void authOffOnEveryInterfaceWarnsWithWhatIsExposedAndHowToTurnAuthOn() {
        String line = line(false, HTTP_ANY, GRPC_LOOPBACK, UDP_LAN).orElseThrow();
        assertTrue(line.contains("HTTP 0.0.0.0:8848, UDP push 10.0.0.5)"), line);
        assertFalse(line.contains("gRPC"), "a loopback listener is not exposed: " + line);
        assertTrue(line.contains("NACOS_CORE_AUTH_ENABLED=true") && line.contains("NACOS_CORE_AUTH_ADMIN_PASSWORD"), line);
        assertFalse(line.contains("\n"), "one line");
    }

    @Test
    void authOnNeverWarns() {
        assertEquals(Optional.empty(), line(true, HTTP_ANY, UDP_LAN));
    }

    @Test
    void everythingOnLoopbackDoesNotWarn() {
        assertEquals(Optional.empty(), line(false, GRPC_LOOPBACK, new ExposureWarning.Listener("HTTP", "127.0.0.2", 8848),
                new ExposureWarning.Listener("UDP push", "localhost", 0), new ExposureWarning.Listener("x", "::1", 1)));
    }

    @Test
    void theWildcardInAnySpellingCountsAsExposed() {
        for (String address : List.of("0.0.0.0", "::", "*")) {
            assertTrue(line(false, new ExposureWarning.Listener("gRPC", address, 9848)).isPresent(), address);
        }
    }
}
