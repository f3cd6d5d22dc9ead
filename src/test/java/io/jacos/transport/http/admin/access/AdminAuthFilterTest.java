package io.jacos.transport.http.admin.access;

import io.jacos.auth.AccessRefused;
import io.jacos.auth.AccessRefused.Reason;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class AdminAuthFilterTest {

    @Test
    void refusalsSayWhatIsNeeded() {
        AdminAccess.Requirement write = AdminAccess.of("PUT", "/services/G/s", "dev");
        assertEquals("This needs WRITE access to namespace 'dev', which this user is not granted.",
                AdminAuthFilter.detail(new AccessRefused(Reason.FORBIDDEN, "authorization failed!"), write));
        assertEquals("This needs a global admin (role ROLE_ADMIN), which this user is not.",
                AdminAuthFilter.detail(new AccessRefused(Reason.FORBIDDEN, "x"), AdminAccess.Requirement.ADMIN));
        assertEquals("Auth is on and the request carries no access token: log in first.",
                AdminAuthFilter.detail(new AccessRefused(Reason.MISSING_TOKEN, "x"), write));
        assertEquals("The access token is not valid on this server: log in again.",
                AdminAuthFilter.detail(new AccessRefused(Reason.INVALID_TOKEN, "x"), write));
    }
}
