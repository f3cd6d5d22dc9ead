package io.jacos.transport.http.param;

import io.jacos.model.RegistryException;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class PageParamsTest {

    private static final List<Integer> SEVEN = List.of(1, 2, 3, 4, 5, 6, 7);

    @Test
    void defaultsApplyAndThePageSizeIsCutToTheMost() {
        assertEquals(new PageParams(1, 10), PageParams.of(RequestParams.of(Map.of()), 1, 10, 500));
        assertEquals(new PageParams(2, 500), PageParams.of(RequestParams.of(Map.of("pageNo", "2",
                "pageSize", "100000")), 1, 10, 500));
    }

    @Test
    void pagesCutTheListAndOnePastTheEndIsEmpty() {
        assertEquals(List.of(4, 5, 6), new PageParams(2, 3).of(SEVEN));
        assertEquals(List.of(7), new PageParams(3, 3).of(SEVEN));
        assertEquals(List.of(), new PageParams(4, 3).of(SEVEN));
        assertEquals(List.of(), new PageParams(Integer.MAX_VALUE, Integer.MAX_VALUE).of(SEVEN));
    }

    @Test
    void numbersBelowOneAndMissingRequiredOnesAreRefused() {
        for (Map<String, String> bad : List.of(Map.of("pageNo", "0"), Map.of("pageSize", "-3"),
                Map.of("pageNo", "x"))) {
            assertThrows(RegistryException.class, () -> PageParams.of(RequestParams.of(bad), 1, 10, 500),
                    bad::toString);
        }
        assertThrows(RegistryException.class, () -> PageParams.of(RequestParams.of(Map.of("pageNo", "1")), null,
                null, 500));
    }
}
