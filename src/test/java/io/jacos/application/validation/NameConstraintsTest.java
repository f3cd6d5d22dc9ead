package io.jacos.application.validation;

import io.jacos.application.InstanceSpec;
import io.jacos.application.ServiceRef;
import io.jacos.model.RegistryException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

import static io.jacos.application.validation.Refusals.VALIDATOR;
import static io.jacos.application.validation.Refusals.assertInvalid;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Nacos name rules as declared on {@link ServiceRef} and {@link InstanceSpec#clusterName()}. */
class NameConstraintsTest {

    private static void accepts(String namespace, String group, String service) {
        assertDoesNotThrow(() -> VALIDATOR.check(new ServiceRef(namespace, group, service)));
    }

    private static RegistryException refuses(String namespace, String group, String service, String messageStart) {
        return assertInvalid(() -> VALIDATOR.check(new ServiceRef(namespace, group, service)), messageStart);
    }

    private static InstanceSpec inCluster(String cluster) {
        return new InstanceSpec(null, "10.0.0.1", 80, null, null, null, null, cluster, null);
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {"  ", "\t"})
    void blankNamespaceGroupAndClusterAreLeftToTheirDefaults(String blank) {
        accepts(blank, blank, "svc");
        assertDoesNotThrow(() -> VALIDATOR.check(inCluster(blank)));
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {" ", "\t\n"})
    void serviceNameIsRequired(String blank) {
        RegistryException e = refuses(null, null, blank, "Param 'serviceName' is required.");
        assertEquals("Param 'serviceName' is required.", e.getMessage());
    }

    @Test
    void serviceNameLimits() {
        accepts(null, null, "s".repeat(512));
        accepts(null, null, "a@b");
        accepts(null, null, "DEFAULT_GROUP:svc.v1");
        accepts(null, null, "svc_with_underscore");
        for (String bad : new String[]{"s".repeat(513), "@svc", "a@@b", "my svc", "my\tsvc", "svc\n", "服务",
                "ctl\u0001"}) {
            refuses(null, null, bad, "Param 'serviceName' is illegal");
        }
    }

    @Test
    void namespaceLimits() {
        accepts("n".repeat(64), null, "svc");
        accepts("a_b-C9", null, "svc");
        for (String bad : new String[]{"n".repeat(65), "bad ns", "a.b", "a/b"}) {
            refuses(bad, null, "svc", "Param 'namespace' is illegal");
        }
    }

    @Test
    void groupLimits() {
        accepts(null, "g".repeat(128), "svc");
        accepts(null, "a-b_c:d.e", "svc");
        for (String bad : new String[]{"g".repeat(129), "bad group!", "a@b", "a/b", "g h"}) {
            refuses(null, bad, "svc", "Param 'groupName' is illegal");
        }
    }

    @Test
    void clusterLimits() {
        assertDoesNotThrow(() -> VALIDATOR.check(inCluster("c".repeat(64))));
        assertDoesNotThrow(() -> VALIDATOR.check(inCluster("c-1_B")));
        for (String bad : new String[]{"c".repeat(65), "c 1", "c.1", "c:1", "c,1"}) {
            assertInvalid(() -> VALIDATOR.check(inCluster(bad)), "Param 'clusterName' is illegal");
        }
    }

    @Test
    void messageNamesTheParamTheValueAndTheRule() {
        RegistryException e = refuses(null, "bad group!", "svc", "Param 'groupName'");
        assertEquals("Param 'groupName' is illegal: 'bad group!' (expected at most 128 letters, digits, '-', '_', "
                + "':' or '.').", e.getMessage());
    }

    @Test
    void severalBadNamesReportTheFirstInNamespaceGroupServiceOrder() {
        for (int i = 0; i < 20; i++) {
            refuses("bad ns", "bad group!", "@svc", "Param 'namespace' is illegal");
            refuses(null, "bad group!", "@svc", "Param 'groupName' is illegal");
        }
        refuses("bad ns", "bad group!", null, "Param 'namespace' is illegal");
    }

    @Test
    void longValuesAreAbbreviatedAndControlCharactersShownEscaped() {
        RegistryException e = refuses(null, null, "s".repeat(5000), "Param 'serviceName' is illegal");
        assertTrue(e.getMessage().contains("'" + "s".repeat(77) + "...'"), e.getMessage());
        assertTrue(e.getMessage().length() < 300, e.getMessage());
        assertEquals("'" + "x".repeat(80) + "'", InputValidator.shown("x".repeat(80)));
        assertEquals("'" + "x".repeat(77) + "...'", InputValidator.shown("x".repeat(81)));
        RegistryException newline = refuses(null, null, "svc\n", "Param 'serviceName' is illegal: 'svc\\u000a'");
        assertTrue(!newline.getMessage().contains("\n"), newline.getMessage());
    }
}
