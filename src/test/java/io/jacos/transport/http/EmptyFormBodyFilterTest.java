package io.jacos.transport.http;

import io.jacos.testing.ApiRoutes;
import jakarta.servlet.annotation.WebFilter;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Which requests have a body-less form label hidden: those of every API, read from the JAX-RS model. */
class EmptyFormBodyFilterTest {

    @Test
    void everyApiIsCovered() {
        Set<String> covered = Set.of(EmptyFormBodyFilter.class.getAnnotation(WebFilter.class).urlPatterns());
        List<String> missed = ApiRoutes.all().stream().map(route -> "/" + route.template().split("/")[1] + "/*")
                .distinct().filter(pattern -> !covered.contains(pattern) && !covered.contains("/*")).toList();
        assertEquals(List.of(), missed, "API roots whose body-less form requests Jersey would log a warning for");
    }
}
