package io.jacos.transport.http.param;

import io.jacos.model.RegistryException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

class MetadataParamTest {

    @Test
    void readsAJsonObjectOfStrings() {
        assertEquals(Map.of("zone", "a", "v", "1"), MetadataParam.parse("metadata", "{\"zone\":\"a\",\"v\":\"1\"}"));
    }

    @Test
    void readsNumbersInJsonAsText() {
        assertEquals(Map.of("weight", "3"), MetadataParam.parse("metadata", "{\"weight\":3}"));
    }

    @Test
    void readsTheShortForm() {
        assertEquals(Map.of("zone", "a", "v", "1"), MetadataParam.parse("metadata", "zone=a,v=1"));
    }

    @Test
    void emptyJsonObjectIsNoMetadata() {
        assertEquals(Map.of(), MetadataParam.parse("metadata", "{}"));
    }

    @Test
    void absentOrBlankIsNull() {
        assertNull(MetadataParam.parse(RequestParams.of(Map.of("metadata", " ")), "metadata"));
        assertNull(MetadataParam.parse(RequestParams.of(Map.of()), "metadata"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"zone", "zone=", "=a", "a=b=c", "a=b,,c=d", "{\"zone\":", "{\"a\":{\"b\":\"c\"}}", "[1]"})
    void anythingElseIsRefused(String text) {
        RegistryException e = assertThrows(RegistryException.class, () -> MetadataParam.parse("metadata", text));
        assertEquals("metadata", e.param());
        assertEquals(400, e.code());
    }
}
