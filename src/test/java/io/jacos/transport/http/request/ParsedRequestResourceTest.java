package io.jacos.transport.http.request;

import io.jacos.auth.Resource;
import io.jacos.transport.http.param.RequestParams;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ParsedRequestResourceTest {

    private static Resource naming(Map<String, String> params, boolean grouped) {
        ParsedRequest request = new ParsedRequest();
        request.set(RequestParams.of(params), new byte[0]);
        return request.namingResource("dev", grouped);
    }

    private static Resource config(Map<String, String> params, String groupParam) {
        ParsedRequest request = new ParsedRequest();
        request.set(RequestParams.of(params), new byte[0]);
        return request.configResource("dev", groupParam, true);
    }

    @Test
    void aGroupedV1NameCarriesItsGroup() {
        assertEquals(Resource.naming("dev", "GRP", "orders"), naming(Map.of("serviceName", "GRP@@orders"), true));
        assertEquals(Resource.naming("dev", "DEFAULT_GROUP", "orders"), naming(Map.of("serviceName", "orders"), true));
    }

    @Test
    void aV2NameIsBareWithItsGroupName() {
        assertEquals(Resource.naming("dev", "GRP", "orders"),
                naming(Map.of("serviceName", "orders", "groupName", "GRP"), false));
        assertEquals(Resource.naming("dev", "DEFAULT_GROUP", "orders"), naming(Map.of("serviceName", "orders"), false));
    }

    @Test
    void aV2NameThatHoldsAGroupNamesNoOneService() {
        // The v2 handlers take the whole name as bare and refuse it; a narrower grant must not read it as grouped.
        assertEquals(Resource.naming("dev", null, null),
                naming(Map.of("serviceName", "GRP@@orders", "groupName", "OTHER"), false));
    }

    @Test
    void noServiceNameIsEveryServiceOfTheGroup() {
        assertEquals(new Resource("dev", "GRP", Resource.NAMING, "*"), naming(Map.of("groupName", "GRP"), false));
        assertEquals(new Resource("dev", "*", Resource.NAMING, "*"), naming(Map.of(), true));
    }

    @Test
    void aMalformedGroupedNameIsEveryService() {
        assertEquals(Resource.naming("dev", null, null), naming(Map.of("serviceName", "@@orders"), true));
    }

    @Test
    void configGroupComesFromTheApisOwnParameter() {
        assertEquals(Resource.config("dev", "GRP", "a.yaml"),
                config(Map.of("groupName", "GRP", "group", "OTHER", "dataId", "a.yaml"), "groupName"));
        assertEquals(Resource.config("dev", "OTHER", "a.yaml"),
                config(Map.of("groupName", "GRP", "group", "OTHER", "dataId", "a.yaml"), "group"));
        assertEquals(Resource.config("dev", null, "a.yaml"), config(Map.of("dataId", "a.yaml"), "groupName"));
    }

    @Test
    void aSearchOrExportNamesNoOneConfig() {
        assertEquals(Resource.config("dev", null, null),
                config(Map.of("group", "GRP", "dataId", "a.yaml", "search", "blur"), "group"));
        assertEquals(Resource.config("dev", null, null),
                config(Map.of("group", "GRP", "dataId", "a.yaml", "export", "true"), "group"));
    }

    @Test
    void aHistorySearchListsOneConfigsChanges() {
        ParsedRequest request = new ParsedRequest();
        request.set(RequestParams.of(Map.of("group", "GRP", "dataId", "a.yaml", "search", "accurate")), new byte[0]);
        assertEquals(Resource.config("dev", "GRP", "a.yaml"), request.configResource("dev", "group", false));
    }
}
