package io.jacos.infrastructure;

import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ListenAddressesTest {

    private static final Optional<String> NONE = Optional.empty();

    @Test
    void nothingSetListensOnEveryInterfaceAsNacosDoes() {
        assertEquals(new ListenAddresses("0.0.0.0", "0.0.0.0", "0.0.0.0"), ListenAddresses.of(NONE, NONE, NONE, NONE));
    }

    @Test
    void serverAddressNarrowsAllThree() {
        assertEquals(new ListenAddresses("127.0.0.1", "127.0.0.1", "127.0.0.1"),
                ListenAddresses.of(NONE, Optional.of("127.0.0.1"), NONE, NONE));
    }

    @Test
    void theSystemPropertyWinsOverTheEnvironmentVariableAsTheBundlesListenerResolvesThem() {
        assertEquals("0.0.0.0", ListenAddresses.of(Optional.of("10.0.0.5"), Optional.of("0.0.0.0"), NONE, NONE).http());
        assertEquals("10.0.0.5", ListenAddresses.of(Optional.of("10.0.0.5"), NONE, NONE, NONE).http());
    }

    @Test
    void aShadowedVariableIsReportedOnlyWhenItNamesAnotherAddress() {
        assertTrue(ListenAddresses.ignoredVariable(Optional.of("127.0.0.1"), Optional.of("0.0.0.0")).isPresent());
        assertFalse(ListenAddresses.ignoredVariable(Optional.of("127.0.0.1"), Optional.of("127.0.0.1")).isPresent());
        assertFalse(ListenAddresses.ignoredVariable(NONE, Optional.of("0.0.0.0")).isPresent());
    }

    @Test
    void grpcAndUdpKeepTheirOwnOverrides() {
        ListenAddresses addresses = ListenAddresses.of(NONE, Optional.of("127.0.0.1"), Optional.of("127.0.0.2"),
                Optional.of("127.0.0.3"));
        assertEquals(new ListenAddresses("127.0.0.1", "127.0.0.2", "127.0.0.3"), addresses);
    }

    @Test
    void blankValuesCountAsNotGiven() {
        assertEquals(new ListenAddresses("127.0.0.1", "127.0.0.1", "127.0.0.1"),
                ListenAddresses.of(Optional.of("  "), Optional.of(" 127.0.0.1 "), Optional.of(""), NONE));
    }

    @Test
    void theWildcardInItsSpellingsBindsEveryInterface() {
        for (String any : new String[] {"0.0.0.0", "::", "[::]", "*", " 0.0.0.0 "}) {
            assertTrue(ListenAddresses.isAny(any), any);
            assertTrue(ListenAddresses.bindable(any, 9848).getAddress().isAnyLocalAddress(), any);
        }
        assertFalse(ListenAddresses.isAny("127.0.0.1"));
        assertEquals(new InetSocketAddress("127.0.0.1", 9848), ListenAddresses.bindable("127.0.0.1", 9848));
    }
}
