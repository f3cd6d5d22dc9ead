package io.jacos.transport.http.admin.access;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class AccessTokensTest {

    @Test
    void bearerThenHeaderThenQueryParameter() {
        assertEquals("a", AccessTokens.of("Bearer a", "b", "accessToken=c"));
        assertEquals("a", AccessTokens.of("bearer  a ", null, null));
        assertEquals("b", AccessTokens.of(null, "b", "accessToken=c"));
        assertEquals("c", AccessTokens.of("Basic eA==", " ", "x=1&accessToken=c&accessToken=d"));
        assertEquals("a b", AccessTokens.of(null, null, "accessToken=a+b"));
    }

    @Test
    void noTokenIsNull() {
        assertNull(AccessTokens.of(null, null, null));
        assertNull(AccessTokens.of("Bearer ", "", "accessToken="));
        assertNull(AccessTokens.of(null, null, "accessTokenX=1&x=accessToken"));
    }

    @Test
    void malformedEscapesNameNoParameter() {
        assertNull(AccessTokens.queryParam("access%ZZToken=1", "accessToken"));
        assertEquals("%ZZ", AccessTokens.queryParam("namespaceId=%ZZ", "namespaceId"));
        assertEquals("dev", AccessTokens.queryParam("namespaceId=dev&namespaceId=prod", "namespaceId"));
    }
}
