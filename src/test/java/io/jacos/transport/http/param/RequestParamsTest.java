package io.jacos.transport.http.param;

import io.jacos.model.RegistryException;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RequestParamsTest {

    @Test
    void mergesQueryAndFormBodyWithTheQueryFirst() {
        RequestParams params = RequestParams.of(Map.of("ip", List.of("10.0.0.1"), "port", List.of("80")),
                "beat=%7B%22ip%22%3A%2210.0.0.2%22%7D&ip=10.0.0.9&flag", StandardCharsets.UTF_8);

        assertEquals("10.0.0.1", params.get("ip"));
        assertEquals("{\"ip\":\"10.0.0.2\"}", params.get("beat"));
        assertEquals("", params.get("flag"));
        assertEquals(80, params.integer("port"));
    }

    @Test
    void blankValuesReadAsAbsent() {
        RequestParams params = RequestParams.of(Map.of("clusterName", " ", "port", ""));

        assertNull(params.text("clusterName"));
        assertEquals("DEFAULT", params.text("clusterName", "DEFAULT"));
        assertNull(params.integer("port"));
        assertEquals(0, params.integer("port", 0));
    }

    @Test
    void missingRequiredValueIsRefusedInNacosWords() {
        RegistryException e = assertThrows(RegistryException.class,
                () -> RequestParams.of(Map.of()).required("serviceName"));

        assertEquals(400, e.code());
        assertEquals(RegistryException.Reason.MISSING_PARAM, e.reason());
        assertEquals("serviceName", e.param());
        assertEquals("Param 'serviceName' is required.", e.getMessage());
    }

    @Test
    void malformedNumbersAndBooleansAreRefusedNamingTheParameter() {
        RequestParams params = RequestParams.of(Map.of("port", "80a", "weight", "NaN", "healthy", "yes"));

        RegistryException port = assertThrows(RegistryException.class, () -> params.integer("port"));
        assertEquals("Param 'port' is illegal: '80a' (expected a whole number).", port.getMessage());
        assertEquals(RegistryException.Reason.ILLEGAL_PARAM, port.reason());
        assertEquals("weight", assertThrows(RegistryException.class, () -> params.decimal("weight")).param());
        assertEquals("healthy", assertThrows(RegistryException.class, () -> params.bool("healthy")).param());
    }

    @Test
    void booleansIgnoreCase() {
        RequestParams params = RequestParams.of(Map.of("a", "TRUE", "b", "False"));

        assertTrue(params.bool("a"));
        assertFalse(params.bool("b"));
        assertTrue(params.bool("c", true));
    }

    @Test
    void aBrokenFormBodyIsRefused() {
        RegistryException e = assertThrows(RegistryException.class,
                () -> RequestParams.of(Map.of(), "beat=%zz", StandardCharsets.UTF_8));

        assertEquals(400, e.code());
    }

    @Test
    void theOneParseMergesQueryAndBodyAndRefusesAnyParameterWithTwoValues() {
        RequestParams params = RequestParams.parse("a=1&b=x%20y&&", "c=%E9&a=1", java.nio.charset.StandardCharsets.ISO_8859_1);
        assertEquals("1", params.get("a"), "the same value twice is one value");
        assertEquals("x y", params.get("b"));
        assertEquals("\u00e9", params.get("c"), "the body in its own charset");
        for (String[] conflict : new String[][]{{"namespaceId=evil&namespaceId=secret", null},
                {"namespaceId=evil", "namespaceId=secret"}, {null, "port=1&port=2"}, {"ip=a", "ip=a&ip=b"}}) {
            RegistryException refused = assertThrows(RegistryException.class,
                    () -> RequestParams.parse(conflict[0], conflict[1], java.nio.charset.StandardCharsets.UTF_8));
            assertTrue(refused.getMessage().contains("more than once with different values"), refused.getMessage());
        }
    }

    @Test
    void theOneParseRefusesMalformedEscapesInEitherPart() {
        assertEquals("query", assertThrows(RegistryException.class,
                () -> RequestParams.parse("a=%zz", null, null)).param());
        assertEquals("body", assertThrows(RegistryException.class,
                () -> RequestParams.parse(null, "a=%G1", java.nio.charset.StandardCharsets.UTF_8)).param());
    }
}
