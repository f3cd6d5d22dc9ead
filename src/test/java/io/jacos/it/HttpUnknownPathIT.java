package io.jacos.it;

import io.jacos.it.support.NacosHttp;
import io.jacos.it.support.NacosHttp.Answer;
import io.jacos.it.support.SharedServer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Paths nothing serves answer 404 with a short message for every method, under the APIs and outside them (the
 * container's default servlet would answer an unknown PUT or DELETE with 403, or an HTML page); a known path
 * with a method it does not take answers 405. The console's static files are served for GET only.
 */
@ExtendWith(SharedServer.class)
@DisplayName("HTTP unknown paths")
class HttpUnknownPathIT {

    private final NacosHttp http = new NacosHttp(SharedServer.serverAddr());

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
            "GET, /nacos/nothing", "POST, /nacos/nothing", "PUT, /nacos/nothing", "DELETE, /nacos/nothing",
            "PATCH, /nacos/nothing", "GET, /nacos/console/nothing.js", "GET, /nacos/console/",
            "GET, /nacos/v1/nothing", "PUT, /nacos/v1/ns/nothing", "DELETE, /nacos/v1/ns/instance/nothing",
            "POST, /nacos/v1/console/nothing", "GET, /nacos/v1/application.wadl",
            "DELETE, /nacos/WEB-INF/beans.xml", "GET, /nacos/WEB-INF/web.xml",
            "GET, /nacos/error-page"})
    @DisplayName("an unknown path is a plain 404")
    void unknownPathIsPlain404(String method, String path) {
        Answer answer = http.call(method, path, Map.of());

        assertEquals(404, answer.status(), answer::toString);
        assertTrue(answer.contentType().startsWith("text/plain"), answer::toString);
        assertTrue(answer.body().contains("No such resource"), answer::toString);
        assertFalse(answer.body().contains("<html"), answer::toString);
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"GET, /nacos/v2/nothing", "PUT, /nacos/v2/ns/nothing", "DELETE, /nacos/v2/ns/instance/nothing",
            "GET, /nacos/v3/ns/instance", "GET, /nacos/v3/admin/nothing"})
    @DisplayName("an unknown v2 or v3 path is a 404 in their envelope")
    void unknownV2OrV3PathIsEnvelope404(String method, String path) {
        Answer answer = http.call(method, path, Map.of());

        assertEquals(404, answer.status(), answer::toString);
        assertEquals(20004, answer.json().path("code").asInt(), answer::toString);
    }

    @Test
    @DisplayName("a method a known path does not take is a plain 405 naming the allowed ones")
    void wrongMethodIs405() {
        Answer answer = http.call("PATCH", "/nacos/v1/ns/instance", Map.of());

        assertEquals(405, answer.status(), answer::toString);
        assertTrue(answer.contentType().startsWith("text/plain"), answer::toString);
        assertTrue(answer.body().contains("PATCH"), answer::toString);
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"PUT, /nacos/", "DELETE, /nacos/index.html", "POST, /nacos/console/app.js"})
    @DisplayName("a write to one of the console's static files is a plain 405")
    void writeToStaticFileIs405(String method, String path) {
        Answer answer = http.call(method, path, Map.of());

        assertEquals(405, answer.status(), answer::toString);
        assertTrue(answer.contentType().startsWith("text/plain"), answer::toString);
        assertTrue(answer.body().contains(method), answer::toString);
    }

    @ParameterizedTest(name = "GET {0}")
    @CsvSource({"/nacos/, text/html", "/nacos/index.html, text/html", "/nacos/console/app.js, text/javascript",
            "/nacos/console/pages/services.js, text/javascript", "/nacos/console/console.css, text/css"})
    @DisplayName("the console's files are served, scripts as JavaScript (ES modules load only so)")
    void consoleFilesServed(String path, String contentType) {
        Answer answer = http.get(path, Map.of());

        assertEquals(200, answer.status(), answer::toString);
        assertTrue(answer.contentType().startsWith(contentType), answer::toString);
    }
}
