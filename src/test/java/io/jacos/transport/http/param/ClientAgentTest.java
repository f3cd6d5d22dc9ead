package io.jacos.transport.http.param;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ClientAgentTest {

    @ParameterizedTest
    @ValueSource(strings = {"Nacos-Java-Client:v1.4.6", "Nacos-Java-Client:v0.1.0", "Nacos-Java-Client:v2.0.0-BETA",
            "Nacos-Go-Client:v1.0.0", "Nacos-C-Client:v1.0.12", "vip-client4cpp:v1.1.0", "Nacos-CSharp-Client:v1.0",
            "Nacos-DNS:v0.4.3"})
    void clientsNacosPushesToArePushable(String agent) {
        assertTrue(ClientAgent.canPush(agent), agent);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "curl/8.0", "Nacos-Java-Client:v0.0.9", "Nacos-Java-Client", "Nacos-C-Client:v1.0.11",
            "Nacos-CSharp-Client:v0.8.9", "Nacos-DNS:v0.4.2", "Nacos-Php-Client:v9.9.9", "Nacos-Java-Client:vX",
            "1.4.6"})
    void otherAgentsOnlyPoll(String agent) {
        assertFalse(ClientAgent.canPush(agent), agent);
    }

    @Test
    void clientVersionStandsInForAMissingUserAgent() {
        assertEquals("Nacos-Java-Client:v1.4.6", ClientAgent.of(null, "Nacos-Java-Client:v1.4.6"));
        assertEquals("Nacos-Go-Client:v1.0", ClientAgent.of("Nacos-Go-Client:v1.0", "1.4.6"));
        assertEquals("", ClientAgent.of("", null));
    }

    @Test
    void versionsReadMajorMinorPatch() {
        assertArrayEquals(new int[]{1, 4, 6}, ClientAgent.parse("1.4.6"));
        assertArrayEquals(new int[]{2, 0, 0}, ClientAgent.parse("2.0.0-BETA"));
        assertArrayEquals(new int[]{1, 4, 0}, ClientAgent.parse("1.4"));
        assertArrayEquals(new int[]{0, 0, 0}, ClientAgent.parse("X"));
    }
}
