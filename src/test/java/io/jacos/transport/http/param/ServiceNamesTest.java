package io.jacos.transport.http.param;

import io.jacos.application.ServiceRef;
import io.jacos.model.RegistryException;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ServiceNamesTest {

    @Test
    void groupedNameIsSplitIntoGroupAndName() {
        assertEquals(new ServiceRef("public", "DEFAULT_GROUP", "orders"),
                ServiceNames.v1("public", "DEFAULT_GROUP@@orders", "DEFAULT_GROUP"));
    }

    @Test
    void theGroupOfAGroupedNameWinsOverTheGroupNameParameter() {
        assertEquals(new ServiceRef(null, "blue", "orders"), ServiceNames.v1(null, "blue@@orders", "green"));
    }

    @Test
    void bareNameTakesTheGroupNameParameterOrTheDefault() {
        assertEquals(new ServiceRef(null, "green", "orders"), ServiceNames.v1(null, "orders", "green"));
        assertEquals(new ServiceRef(null, null, "orders"), ServiceNames.v1(null, " orders ", null));
    }

    @Test
    void emptyGroupOrNameAroundTheSeparatorIsRefused() {
        for (String name : new String[]{"@@orders", "blue@@", "@@"}) {
            RegistryException e = assertThrows(RegistryException.class, () -> ServiceNames.v1(null, name, null));
            assertEquals("serviceName", e.param(), name);
        }
    }

    @Test
    void aSecondSeparatorStaysInTheNameForTheRulesToRefuse() {
        assertEquals(new ServiceRef(null, "a", "b@@c"), ServiceNames.v1(null, "a@@b@@c", null));
    }

    @Test
    void missingServiceNameIsRequired() {
        RegistryException e = assertThrows(RegistryException.class,
                () -> ServiceNames.v1(RequestParams.of(Map.of("groupName", "g"))));
        assertEquals("Param 'serviceName' is required.", e.getMessage());
    }

    @Test
    void v2TakesTheBareNameAndTheGroupApart() {
        assertEquals(new ServiceRef("dev", "blue", "orders"), ServiceNames.v2(RequestParams.of(
                Map.of("namespaceId", "dev", "groupName", "blue", "serviceName", "orders"))));
    }
}
