package io.jacos.transport.http.config;

import io.jacos.model.ConfigKey;
import io.jacos.push.ConfigStats;
import io.jacos.transport.http.param.ListeningConfigs;
import org.junit.jupiter.api.Test;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class PollAnswersTest {

    @Test
    void changedConfigsAreNamedAsTheClientNamedThemAndEncodedAsThe1xClientDecodes() {
        ConfigKey publicKey = new ConfigKey("public", "G", "a.yaml");
        ConfigKey devKey = new ConfigKey("dev", "G", "b");
        Map<ConfigKey, ListeningConfigs.Listened> named = new LinkedHashMap<>();
        named.put(publicKey, new ListeningConfigs.Listened("a.yaml", "G", "", "m"));
        named.put(devKey, new ListeningConfigs.Listened("b", "G", "dev", "m"));
        String body = new PollAnswers(named, null, new ConfigStats()).body(List.of(publicKey, devKey));
        assertEquals("a.yaml%02G%01b%02G%02dev%01\n", body);
        assertEquals("a.yaml\u0002G\u0001b\u0002G\u0002dev\u0001\n", URLDecoder.decode(body, StandardCharsets.UTF_8));
    }
}
