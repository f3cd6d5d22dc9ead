package io.jacos.application.internal;

import io.jacos.application.ServiceRef;
import io.jacos.model.RegistryException;
import io.jacos.model.ServiceKey;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NameRulesTest {

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {"  ", "\t"})
    void blankNamespaceGroupAndClusterGetTheNacosDefaults(String blank) {
        assertEquals("public", NameRules.namespace(blank));
        assertEquals("DEFAULT_GROUP", NameRules.group(blank));
        assertEquals("DEFAULT", NameRules.cluster(blank));
        assertEquals("", NameRules.clusterFilter(blank));
    }

    @Test
    void serviceKeyAppliesDefaultsAndKeepsGivenParts() {
        assertEquals(new ServiceKey("public", "DEFAULT_GROUP", "svc"),
                NameRules.serviceKey(new ServiceRef(null, "", "svc")));
        assertEquals(new ServiceKey("dev-1", "G:1.a_b-c", "svc.name-1"),
                NameRules.serviceKey(new ServiceRef("dev-1", "G:1.a_b-c", "svc.name-1")));
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {" "})
    void serviceNameIsRequired(String blank) {
        assertInvalid(() -> NameRules.serviceName(blank), "Param 'serviceName' is required.");
    }

    @Test
    void serviceNameLimits() {
        assertEquals("s".repeat(512), NameRules.serviceName("s".repeat(512)));
        assertEquals("a@b", NameRules.serviceName("a@b"));
        assertEquals("DEFAULT_GROUP:svc.v1", NameRules.serviceName("DEFAULT_GROUP:svc.v1"));
        for (String bad : new String[]{"s".repeat(513), "@svc", "a@@b", "my svc", "my\tsvc", "svc\n", "服务",
                "ctl\u0001"}) {
            assertInvalid(() -> NameRules.serviceName(bad), "Param 'serviceName' is illegal");
        }
    }

    @Test
    void namespaceLimits() {
        assertEquals("n".repeat(64), NameRules.namespace("n".repeat(64)));
        assertEquals("a_b-C9", NameRules.namespace("a_b-C9"));
        for (String bad : new String[]{"n".repeat(65), "bad ns", "a.b", "a/b"}) {
            assertInvalid(() -> NameRules.namespace(bad), "Param 'namespace' is illegal");
        }
    }

    @Test
    void groupLimits() {
        assertEquals("g".repeat(128), NameRules.group("g".repeat(128)));
        assertEquals("a-b_c:d.e", NameRules.group("a-b_c:d.e"));
        for (String bad : new String[]{"g".repeat(129), "bad group!", "a@b", "a/b", "g h"}) {
            assertInvalid(() -> NameRules.group(bad), "Param 'groupName' is illegal");
        }
    }

    @Test
    void clusterLimits() {
        assertEquals("c".repeat(64), NameRules.cluster("c".repeat(64)));
        assertEquals("c-1_B", NameRules.cluster("c-1_B"));
        for (String bad : new String[]{"c".repeat(65), "c 1", "c.1", "c:1", "c,1"}) {
            assertInvalid(() -> NameRules.cluster(bad), "Param 'clusterName' is illegal");
        }
    }

    @Test
    void clusterFilterChecksEveryPartAndKeepsTheString() {
        assertEquals("a,b", NameRules.clusterFilter("a,b"));
        assertEquals("a, b,", NameRules.clusterFilter("a, b,"));
        assertInvalid(() -> NameRules.clusterFilter("a,c 1"), "Param 'clusterName' is illegal: 'c 1'");
    }

    @Test
    void messageNamesTheParamTheValueAndTheRule() {
        RegistryException e = assertThrows(RegistryException.class, () -> NameRules.group("bad group!"));
        assertEquals(RegistryException.INVALID_PARAM, e.code());
        assertEquals("Param 'groupName' is illegal: 'bad group!' (expected at most 128 letters, digits, '-', '_', "
                + "':' or '.').", e.getMessage());
    }

    @Test
    void longValuesAreAbbreviatedInMessages() {
        RegistryException e = assertThrows(RegistryException.class, () -> NameRules.serviceName("s".repeat(5000)));
        assertTrue(e.getMessage().contains("'" + "s".repeat(77) + "...'"), e.getMessage());
        assertTrue(e.getMessage().length() < 300, e.getMessage());
        assertEquals("x".repeat(80), NameRules.abbreviate("x".repeat(80)));
        assertEquals("x".repeat(77) + "...", NameRules.abbreviate("x".repeat(81)));
    }

    static void assertInvalid(Executable call, String messagePrefix) {
        RegistryException e = assertThrows(RegistryException.class, call);
        assertEquals(RegistryException.INVALID_PARAM, e.code());
        assertTrue(e.getMessage().startsWith(messagePrefix), e.getMessage());
    }
}
