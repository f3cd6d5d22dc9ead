package io.jacos.transport.http.access;

import io.jacos.auth.AccessRefused;
import io.jacos.auth.Need;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a refused caller is told: Nacos's short text for the clients, a sentence saying what to do for the console. */
class AccessDeniedTest {

    private static AccessDenied denied(AccessRefused.Reason reason, Need need, String namespace) {
        return new AccessDenied(new AccessRefused(reason, "short"), need, namespace);
    }

    @Test
    void aMissingOrBadTokenAsksForALogin() {
        AccessDenied missing = denied(AccessRefused.Reason.MISSING_TOKEN, Need.READ, "public");
        assertTrue(missing.unauthenticated());
        assertEquals("short", missing.getMessage());
        assertTrue(missing.detail().contains("log in first"), missing.detail());
        assertTrue(denied(AccessRefused.Reason.EXPIRED_TOKEN, Need.READ, "x").detail().contains("expired"));
        assertTrue(denied(AccessRefused.Reason.INVALID_TOKEN, Need.READ, "x").unauthenticated());
    }

    @Test
    void aMissingGrantNamesWhatIsNeeded() {
        AccessDenied forbidden = denied(AccessRefused.Reason.FORBIDDEN, Need.WRITE, "dev");
        assertFalse(forbidden.unauthenticated());
        assertEquals("This needs WRITE access to namespace 'dev', which this user is not granted.",
                forbidden.detail());
        assertTrue(denied(AccessRefused.Reason.FORBIDDEN, Need.ADMIN, null).detail().contains("global admin"));
        assertTrue(AccessDenied.undeclared().detail().contains("not open to anyone"));
    }
}
