package io.jacos.transport.http.admin;

import io.jacos.auth.Action;
import io.jacos.auth.UserAdmin.Permission;
import io.jacos.model.RegistryException;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class PermissionsAdminResourceTest {

    @Test
    void actionsAreReadOrWriteInAnyCase() {
        assertEquals(new Permission("ROLE_x", "dev", Set.of(Action.READ, Action.WRITE)),
                PermissionsAdminResource.permission("ROLE_x", "dev", null, List.of("read", " WRITE ")));
    }

    @Test
    void aScopeNarrowsTheGrantAndNoneIsTheWholeNamespace() {
        assertEquals(new Permission("ROLE_x", "dev", "GRP:config/a.yaml", Set.of(Action.READ)),
                PermissionsAdminResource.permission("ROLE_x", "dev", "GRP:config/a.yaml", List.of("READ")));
        assertEquals("*:*", PermissionsAdminResource.permission("ROLE_x", "dev", null, List.of("READ")).scope());
    }

    @Test
    void missingOrUnknownPartsAreRefusedNamingTheParameter() {
        assertEquals("actions", assertThrows(RegistryException.class,
                () -> PermissionsAdminResource.permission("r", "dev", null, List.of())).param());
        assertEquals("actions", assertThrows(RegistryException.class,
                () -> PermissionsAdminResource.permission("r", "dev", null, List.of("DELETE"))).param());
        assertEquals("role", assertThrows(RegistryException.class,
                () -> PermissionsAdminResource.permission(null, "dev", null, List.of("READ"))).param());
        assertEquals("namespaceId", assertThrows(RegistryException.class,
                () -> PermissionsAdminResource.permission("r", "", null, List.of("READ"))).param());
    }
}
