package io.jacos.transport.http;

import jakarta.servlet.http.MappingMatch;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

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
}
