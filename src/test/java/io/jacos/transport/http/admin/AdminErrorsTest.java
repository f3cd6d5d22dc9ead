package io.jacos.transport.http.admin;

import io.jacos.application.InstanceEdit;
import io.jacos.model.RegistryException;
import io.jacos.model.RegistryException.Reason;
import io.jacos.transport.http.v2.V2Errors;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The admin API's statuses and how it reads bodies and numbers, without a container. */
class AdminErrorsTest {

    /** What Jackson's messages hold: quoted type names, packages, its source and feature notes. */
    private static final Pattern JACKSON_TEXT = Pattern.compile("`|io\\.jacos|java\\.|Source|Feature|problem:");

    @Test
    void unknownThingsAre404AndRefusalsOfStateAre409() {
        assertEquals(404, AdminErrors.status(RegistryException.serviceNotFound(
                new io.jacos.model.ServiceKey("public", "G", "s"))));
        assertEquals(404, AdminErrors.status(new RegistryException(400, Reason.NAMESPACE_NOT_FOUND, "x")));
        assertEquals(404, AdminErrors.status(new RegistryException(404, Reason.INSTANCE_NOT_FOUND, "x")));
        for (Reason reason : new Reason[]{Reason.SERVICE_NOT_EMPTY, Reason.NAMESPACE_NOT_EMPTY,
                Reason.NAMESPACE_EXISTS, Reason.SERVICE_EXISTS, Reason.OWNED_ELSEWHERE}) {
            assertEquals(409, AdminErrors.status(new RegistryException(400, reason, "x")), reason.name());
        }
        assertEquals(400, AdminErrors.status(RegistryException.illegal("weight", "x")));
        assertEquals(503, AdminErrors.status(new RegistryException(503, "full")));
        assertEquals(21001, V2Errors.code(RegistryException.illegal("weight", "x")).code());
    }

    @Test
    void bodiesAreReadStrictlyAndNameTheBadField() {
        assertEquals(new InstanceEdit(2.0, false, Map.of("a", "b")),
                AdminRequests.body("{\"weight\":2,\"enabled\":false,\"metadata\":{\"a\":\"b\"}}", InstanceEdit.class));
        assertEquals(new InstanceEdit(null, null, null), AdminRequests.body("", InstanceEdit.class));
        assertEquals("weight", refusal("{\"weight\":\"abc\"}").param());
        assertEquals("enabled", refusal("{\"enabled\":\"maybe\"}").param());
        assertEquals("colour", refusal("{\"colour\":1}").param());
        assertEquals("body", refusal("{\"weight\":").param());
        assertEquals("body", refusal("[1]").param());
        assertEquals("body", refusal("null").param());
        assertEquals("body", refusal("{} {}").param());
    }

    @Test
    void refusalsOfABodyNeverRepeatJacksonsOwnText() {
        RegistryException twice = assertThrows(RegistryException.class, () -> AdminRequests.body(
                "{\"id\":\"a\",\"name\":\"b\",\"description\":\"c\",\"id\":\"d\"}", NamespacesAdminResource.NewNamespace.class));
        assertFalse(JACKSON_TEXT.matcher(twice.getMessage()).find(), twice.getMessage());
        for (String body : new String[]{"{\"metadata\":{\"k\":null}}", "{\"weight\":",
                "{'weight':1}", "{\"metadata\":[1]}", "\u0000"}) {
            RegistryException e = assertThrows(RegistryException.class, () -> AdminRequests.body(body, InstanceEdit.class),
                    body);
            assertEquals(400, e.code(), body);
            assertFalse(JACKSON_TEXT.matcher(e.getMessage()).find(), body + " -> " + e.getMessage());
        }
        for (String body : new String[]{"{", "{\"target\":", "{'target':1}"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> AdminBodies.optionalText(body, "target"));
            assertFalse(JACKSON_TEXT.matcher(e.getMessage()).find(), body + " -> " + e.getMessage());
        }
    }

    @Test
    void queryNumbersAreCheckedHere() {
        assertEquals(20, AdminRequests.integer("pageSize", null, 20, 1, 500));
        assertEquals(7, AdminRequests.integer("pageSize", " 7 ", 20, 1, 500));
        for (String bad : new String[]{"0", "501", "x", "1.5"}) {
            RegistryException e = assertThrows(RegistryException.class,
                    () -> AdminRequests.integer("pageSize", bad, 20, 1, 500));
            assertEquals("pageSize", e.param());
        }
    }

    private static RegistryException refusal(String body) {
        RegistryException e = assertThrows(RegistryException.class, () -> AdminRequests.body(body, InstanceEdit.class),
                    body);
        assertEquals(400, e.code(), e.getMessage());
        return e;
    }
}
