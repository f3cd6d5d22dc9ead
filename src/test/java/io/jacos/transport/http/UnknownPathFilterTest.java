package io.jacos.transport.http;

import jakarta.servlet.ServletContext;
import jakarta.servlet.http.MappingMatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.lang.reflect.Proxy;
import java.net.URI;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class UnknownPathFilterTest {

    @ParameterizedTest
    @EnumSource(value = MappingMatch.class, names = {"PATH", "EXACT"})
    void requestsForAServletOfTheirOwnPass(MappingMatch match) {
        assertFalse(UnknownPathFilter.fallsToTheDefaultServlet(match), match.name());
    }

    @ParameterizedTest
    @EnumSource(value = MappingMatch.class, names = {"DEFAULT", "EXTENSION", "CONTEXT_ROOT"})
    void whatTheDefaultServletWouldAnswerIsHandledHere(MappingMatch match) {
        assertTrue(UnknownPathFilter.fallsToTheDefaultServlet(match), match.name());
    }

    /** The console's files as a server lists them; a file's own listing is an empty set, as on Payara. */
    private static final Map<String, Set<String>> LISTINGS = Map.of(
            "/", Set.of("/index.html", "/console/", "/WEB-INF/"),
            "/console/", Set.of("/console/app.js", "/console/pages/"),
            "/console/pages/", Set.of("/console/pages/services.js"),
            "/WEB-INF/", Set.of("/WEB-INF/web.xml"));

    private static final ServletContext WAR = (ServletContext) Proxy.newProxyInstance(
            UnknownPathFilterTest.class.getClassLoader(), new Class<?>[] {ServletContext.class}, (proxy, method, args) ->
                    switch (method.getName()) {
                        case "getResourcePaths" -> LISTINGS.containsKey((String) args[0])
                                ? LISTINGS.get((String) args[0]) : exists((String) args[0]) ? Set.of() : null;
                        case "getResource" -> exists((String) args[0]) ? URI.create("file:/war" + args[0]).toURL() : null;
                        default -> throw new UnsupportedOperationException(method.getName());
                    });

    private static boolean exists(String path) {
        String trimmed = path.endsWith("/") && path.length() > 1 ? path.substring(0, path.length() - 1) : path;
        return LISTINGS.values().stream().flatMap(Set::stream)
                .anyMatch(p -> p.equals(path) || p.equals(trimmed) || p.equals(trimmed + "/"));
    }

    @Test
    void theConsoleFilesAreStaticFiles() {
        assertTrue(UnknownPathFilter.isStaticFile(WAR, "/"), "the console at /nacos/");
        assertTrue(UnknownPathFilter.isStaticFile(WAR, "/index.html"));
        assertTrue(UnknownPathFilter.isStaticFile(WAR, "/console/app.js"));
        assertTrue(UnknownPathFilter.isStaticFile(WAR, "/console/pages/services.js"));
    }

    @Test
    void foldersUnknownPathsAndWebInfAreNot() {
        assertFalse(UnknownPathFilter.isStaticFile(WAR, "/console"), "a folder without index.html");
        assertFalse(UnknownPathFilter.isStaticFile(WAR, "/console/pages"));
        assertFalse(UnknownPathFilter.isStaticFile(WAR, "/console/"));
        assertFalse(UnknownPathFilter.isStaticFile(WAR, "/console/nothing.js"));
        assertFalse(UnknownPathFilter.isStaticFile(WAR, "/WEB-INF/web.xml"));
        assertFalse(UnknownPathFilter.isStaticFile(WAR, "/console/../WEB-INF/web.xml"));
        assertFalse(UnknownPathFilter.isStaticFile(WAR, ""));
    }
}
