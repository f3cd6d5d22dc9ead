package io.jacos.transport.http;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

@DisplayName("Writes to the admin API from another site's page are refused")
class CrossSiteRuleTest {

    static final String HOST = "127.0.0.1:8848";

    @Test
    void readsAlwaysPass() {
        assertTrue(CrossSiteRule.allows("GET", "cross-site", "https://evil.example", HOST));
        assertTrue(CrossSiteRule.allows("head", "cross-site", null, HOST));
    }

    @Test
    void theBrowsersOwnVerdictDecidesWhenItGivesOne() {
        assertTrue(CrossSiteRule.allows("POST", "same-origin", null, HOST));
        assertTrue(CrossSiteRule.allows("PUT", "none", null, HOST), "typed by the operator");
        assertFalse(CrossSiteRule.allows("POST", "cross-site", "http://127.0.0.1:8848", HOST),
                "the browser's verdict wins over a matching Origin");
        assertFalse(CrossSiteRule.allows("DELETE", "same-site", null, HOST), "another port of the same host");
    }

    @Test
    void withoutSecFetchSiteTheOriginMustBeThisHost() {
        assertTrue(CrossSiteRule.allows("POST", null, "http://127.0.0.1:8848", HOST));
        assertTrue(CrossSiteRule.allows("POST", null, "http://LOCALHOST:8848", "localhost:8848"));
        assertFalse(CrossSiteRule.allows("POST", null, "http://127.0.0.1:9999", HOST));
        assertFalse(CrossSiteRule.allows("PUT", null, "https://evil.example", HOST));
        assertFalse(CrossSiteRule.allows("POST", null, "null", HOST), "a sandboxed page's opaque origin");
        assertFalse(CrossSiteRule.allows("POST", null, "http://127.0.0.1:8848", null), "no Host to compare");
        assertFalse(CrossSiteRule.allows("POST", null, "::not a uri::", HOST));
    }

    @Test
    void requestsWithoutBrowserHeadersPass() {
        assertTrue(CrossSiteRule.allows("POST", null, null, HOST), "a script, curl, or a peer's relay");
        assertTrue(CrossSiteRule.allows("DELETE", null, null, null));
    }
}
