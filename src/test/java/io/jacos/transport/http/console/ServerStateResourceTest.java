package io.jacos.transport.http.console;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The server state as the console and clients read it: the real auth state, and Nacos 2.5.1's keys. */
class ServerStateResourceTest {

    @Test
    void withAuthOnTheStateSaysSoAndOffersTheLoginPage() {
        Map<String, String> state = ServerStateResource.state("1.2.3", false, 8848, true, "UP");

        assertEquals("true", state.get("auth_enabled"));
        assertEquals("true", state.get("login_page_enabled"));
        assertEquals("false", state.get("auth_admin_request"), "the global admin exists before the server serves");
    }

    @Test
    void withAuthOffTheStateSaysSo() {
        Map<String, String> state = ServerStateResource.state("1.2.3", false, 8848, false, "UP");

        assertEquals("false", state.get("auth_enabled"));
        assertEquals("false", state.get("login_page_enabled"));
    }

    @Test
    void theKeysAreNacosOnesWithStringValues() {
        Map<String, String> state = ServerStateResource.state("1.2.3", true, 8850, false, "DOWN");

        assertEquals(List.of("version", "standalone_mode", "startup_mode", "function_mode", "server_port",
                "auth_enabled", "login_page_enabled", "auth_system_type", "auth_admin_request", "console_ui_enabled",
                "server_status"), List.copyOf(state.keySet()));
        assertEquals("1.2.3", state.get("version"));
        assertEquals("cluster", state.get("startup_mode"));
        assertEquals("cluster", state.get("standalone_mode"));
        assertEquals("naming", state.get("function_mode"));
        assertEquals("8850", state.get("server_port"));
        assertEquals("nacos", state.get("auth_system_type"));
        assertEquals("DOWN", state.get("server_status"));
    }
}
