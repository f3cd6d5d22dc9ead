package io.jacos.transport.http.param;

import io.jacos.model.ConfigKey;
import io.jacos.model.RegistryException;
import org.junit.jupiter.api.Test;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ListeningConfigsTest {

    private static ListeningConfigs of(String value) {
        return ListeningConfigs.of(RequestParams.of(Map.of(ListeningConfigs.PARAM, value)));
    }

    @Test
    void readsTheLinesOfThe1xClientWithAndWithoutTenant() {
        ListeningConfigs read = of("a.properties\u0002DEFAULT_GROUP\u0002abc\u0001"
                + "b.yaml\u0002G\u0002\u0002dev\u0001");
        assertEquals(List.of(new ListeningConfigs.Listened("a.properties", "DEFAULT_GROUP", "", "abc"),
                new ListeningConfigs.Listened("b.yaml", "G", "dev", "")), read.configs());
        assertEquals(ConfigKey.SEVERAL_NAMESPACES, read.namespace(), "public and dev");
        assertEquals("dev", of("b\u0002G\u0002\u0002dev\u0001").namespace());
        assertEquals("public", of("b\u0002G\u0002x\u0001").namespace());
    }

    @Test
    void aValueEncodedTwiceIsDecodedOnceMore() {
        String encoded = URLEncoder.encode("a\u0002G\u0002m\u0001", StandardCharsets.UTF_8);
        assertEquals(List.of(new ListeningConfigs.Listened("a", "G", "", "m")), of(encoded).configs());
    }

    @Test
    void anUnendedLastLineCountsAndTheSameConfigTwiceIsOne() {
        assertEquals(1, of("a\u0002G\u0002m\u0001a\u0002G\u0002n").configs().size());
        assertEquals("n", of("a\u0002G\u0002m\u0001a\u0002G\u0002n").configs().get(0).md5());
    }

    @Test
    void malformedListsAreRefusedNamingTheParameter() {
        for (String bad : List.of("a\u0002G\u0001", "a\u0001", "a\u0002b\u0002c\u0002d\u0002e\u0001", "%zz", " ")) {
            RegistryException refused = assertThrows(RegistryException.class, () -> of(bad), bad);
            assertEquals(400, refused.code());
            assertTrue(refused.getMessage().contains("probeModify"), refused.getMessage());
        }
        assertThrows(RegistryException.class, () -> ListeningConfigs.of(RequestParams.of(Map.of())));
    }

    @Test
    void atMostTenThousandConfigurations() {
        StringBuilder many = new StringBuilder();
        for (int i = 0; i <= ListeningConfigs.MAX_CONFIGS; i++) {
            many.append("d").append(i).append("\u0002G\u0002m\u0001");
        }
        RegistryException refused = assertThrows(RegistryException.class, () -> of(many.toString()));
        assertTrue(refused.getMessage().contains("10000"), refused.getMessage());
        many.setLength(0);
        for (int i = 0; i < ListeningConfigs.MAX_CONFIGS; i++) {
            many.append("d").append(i).append("\u0002G\u0002m\u0001");
        }
        assertEquals(ListeningConfigs.MAX_CONFIGS, of(many.toString()).configs().size());
    }
}
