package io.jacos.transport.http;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which raw paths are served: only the plain spelling of each; every other spelling is refused before routing. */
class PathRulesTest {

    @Test
    void plainPathsAndEncodedLettersAreServed() {
        for (String path : List.of("/nacos/v1/ns/instance", "/nacos/v1/ns/instance/", "/nacos/",
                "/nacos/v1/n%73/instance", "/nacos/admin/services/DEFAULT_GROUP/a%40%40b/instances",
                "/nacos/prometheus/namespaceId/dev/service/G%40%40s", "/nacos/console/app.js", "/nacos")) {
            assertEquals(Optional.empty(), PathRules.refusal(path), path);
        }
    }

    @Test
    void pathParametersAreRefusedInEverySegment() {
        for (String path : List.of("/nacos/v1/ns;x/instance", "/nacos;x/v1/ns/instance", "/nacos/v1/ns/instance;",
                "/nacos/v1/ns/instance;jsessionid=abc", "/nacos/admin/users;a=b")) {
            assertTrue(PathRules.refusal(path).orElseThrow().contains("';'"), path);
        }
    }

    @Test
    void encodedSeparatorsControlCharactersAndBackslashesAreRefused() {
        for (String path : List.of("/nacos/v1/ns%2Finstance", "/nacos/v1/ns%2finstance", "/nacos/v1/ns%3Bx/instance",
                "/nacos/v1/ns%5Cinstance", "/nacos/v1/ns/instance%00", "/nacos/v1/ns/inst%0Aance",
                "/nacos/v1/ns\\instance", "/nacos/v1/ns/instance%7F")) {
            assertTrue(PathRules.refusal(path).isPresent(), path);
        }
    }

    @Test
    void dotSegmentsPlainOrEncodedAndEmptySegmentsAreRefused() {
        for (String path : List.of("/nacos/v1/ns/../ns/instance", "/nacos/./v1/ns/instance", "/nacos/v1/ns/%2e%2e/x",
                "/nacos/v1/ns/%2E/instance", "/nacos/v1/ns/.%2e/instance", "/nacos/v1/ns/..", "/nacos//v1/ns/instance",
                "/nacos/v1/ns/instance//")) {
            assertTrue(PathRules.refusal(path).isPresent(), path);
        }
        assertEquals(Optional.empty(), PathRules.refusal("/nacos/v1/ns/.hidden"), "a dot inside a name is a name");
        assertEquals(Optional.empty(), PathRules.refusal("/nacos/v1/ns/a..b"));
    }

    @Test
    void malformedEscapesAreRefused() {
        for (String path : List.of("/nacos/v1/ns/li%zzst", "/nacos/v1/ns/list%", "/nacos/v1/ns/list%4", "/nacos/%%3")) {
            assertEquals(Optional.of("The path is not URL-encoded."), PathRules.refusal(path), path);
        }
    }
}
