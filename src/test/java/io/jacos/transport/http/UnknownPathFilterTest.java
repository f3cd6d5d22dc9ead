package io.jacos.transport.http;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class UnknownPathFilterTest {

    @ParameterizedTest
    @ValueSource(strings = {"/v1", "/v1/", "/v1/ns/instance", "/v2/ns/service/list"})
    void apiPathsPassToTheirApplication(String path) {
        assertTrue(UnknownPathFilter.isApi(path), path);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/", "/v3/ns", "/v1x/ns", "/index.html", "/console/v1"})
    void otherPathsAreNotTheApis(String path) {
        assertFalse(UnknownPathFilter.isApi(path), path);
    }
}
