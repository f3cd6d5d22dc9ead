package io.jacos.transport.http.admin.access;

import io.jacos.auth.Action;
import io.jacos.transport.http.admin.access.AdminAccess.Kind;
import io.jacos.transport.http.admin.access.AdminAccess.Requirement;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class AdminAccessTest {

    @Test
    void namespaceScopedReadsNeedReadInTheRequestsNamespace() {
        assertEquals(new Requirement(Kind.NAMESPACE, "dev", Action.READ), AdminAccess.of("GET", "/services", "dev"));
        assertEquals(new Requirement(Kind.NAMESPACE, "public", Action.READ),
                AdminAccess.of("GET", "/services/DEFAULT_GROUP/orders", null));
        for (String tail : new String[]{"instances", "subscribers", "history"}) {
            assertEquals(new Requirement(Kind.NAMESPACE, "dev", Action.READ),
                    AdminAccess.of("GET", "/services/G/s/" + tail, " dev "), tail);
        }
    }

    @Test
    void namespaceScopedEditsNeedWrite() {
        assertEquals(new Requirement(Kind.NAMESPACE, "dev", Action.WRITE),
                AdminAccess.of("PUT", "/services/G/s/instances", "dev"));
        assertEquals(new Requirement(Kind.NAMESPACE, "public", Action.WRITE),
                AdminAccess.of("DELETE", "/services/G/s", ""));
        assertEquals(new Requirement(Kind.NAMESPACE, "public", Action.WRITE),
                AdminAccess.of("post", "services", null));
    }

    @Test
    void usersRolesServerClusterConnectionsAndNamespaceEditsNeedAnAdmin() {
        for (String path : new String[]{"/users", "/users/bob/password", "/roles", "/permissions", "/server",
                "/cluster", "/cluster/nodes/a:1/drain", "/connections", "/connections/x/reset", "/namespaces/dev"}) {
            assertEquals(Requirement.ADMIN, AdminAccess.of("GET", path, null), path);
            assertEquals(Requirement.ADMIN, AdminAccess.of("POST", path, null), path);
        }
        assertEquals(Requirement.ADMIN, AdminAccess.of("POST", "/namespaces", null));
    }

    @Test
    void unknownOrOddPathsNeedAnAdmin() {
        for (String path : new String[]{"", "/", "/nothing", "/users;x=1", "/auth", "/auth/other", "/auth/me/x",
                "/auth/login/x", "/Services", "/namespaces;a=b"}) {
            assertEquals(Requirement.ADMIN, AdminAccess.of("GET", path, null), path);
        }
        assertEquals(Requirement.ADMIN, AdminAccess.of("GET", "/auth/login", null), "the login is a POST");
        assertEquals(Requirement.ADMIN, AdminAccess.of("DELETE", "/auth/me", null));
    }

    @Test
    void theLoginIsOpenAndWhoAmIAndTheNamespaceListNeedOnlyALogin() {
        assertEquals(Requirement.OPEN, AdminAccess.of("POST", "/auth/login", null));
        assertEquals(Requirement.LOGGED_IN, AdminAccess.of("GET", "/auth/me", null));
        assertEquals(Requirement.LOGGED_IN, AdminAccess.of("GET", "/namespaces", null));
        assertEquals(Requirement.LOGGED_IN, AdminAccess.of("GET", "/namespaces/", null));
    }
}
