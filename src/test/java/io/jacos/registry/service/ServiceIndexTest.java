package io.jacos.registry.service;

import io.jacos.model.ClientId;
import io.jacos.model.ServiceKey;
import io.jacos.model.ServicePage;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.jacos.registry.service.ServiceRecordTest.instance;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ServiceIndexTest {

    private final ServiceIndex index = new ServiceIndex(java.time.Clock.systemUTC());

    private static ServiceKey key(String namespace, String group, String name) {
        return new ServiceKey(namespace, group, name);
    }

    private static ServiceKey key(String name) {
        return key("public", "G", name);
    }

    @Test
    void getOrCreateReturnsTheOneRecordAndKeepsItsKind() {
        ServiceRecord first = index.getOrCreate(key("s"), true);
        assertSame(first, index.getOrCreate(key("s"), false));
        assertTrue(index.getOrCreate(key("s"), false).ephemeral());
        assertFalse(index.getOrCreate(key("p"), false).ephemeral());
        assertEquals(2, index.size());
        assertEquals(first, index.find(key("s")).orElseThrow());
        assertTrue(index.find(key("unknown")).isEmpty());
        assertEquals(2, index.all().size());
    }

    @Test
    void revisionsComeFromOneCounterAcrossServices() {
        ServiceRecord a = index.getOrCreate(key("a"), true);
        ServiceRecord b = index.getOrCreate(key("b"), true);
        long first = a.view().revision();
        assertTrue(b.view().revision() > first);
        a.publish(new ClientId("c"), List.of(instance("1", "X")));
        assertTrue(a.view().revision() > b.view().revision());
    }

    @Test
    void aServiceRemovedAndCreatedAgainNeverReusesARevision() {
        ServiceRecord old = index.getOrCreate(key("s"), true);
        ClientId client = new ClientId("c");
        old.publish(client, List.of(instance("1", "X")));
        old.withdraw(client);
        long lastOld = old.view().revision();
        index.remove(old);
        assertTrue(index.find(key("s")).isEmpty());
        assertEquals(0, index.page("public", "G", 1, 10).count());

        ServiceRecord again = index.getOrCreate(key("s"), false);
        assertNotSame(old, again);
        assertFalse(again.ephemeral());
        assertTrue(again.view().revision() > lastOld);
        assertEquals(List.of("s"), index.page("public", "G", 1, 10).names());
    }

    @Test
    void removingAStaleRecordLeavesTheCurrentOne() {
        ServiceRecord old = index.getOrCreate(key("s"), true);
        index.remove(old);
        ServiceRecord current = index.getOrCreate(key("s"), true);
        index.remove(old);
        assertSame(current, index.find(key("s")).orElseThrow());
        assertEquals(List.of("s"), index.page("public", "G", 1, 10).names());
    }

    @Test
    void pagesAreSortedWithTheTotalBeforePaging() {
        for (String name : List.of("e", "a", "d", "c", "b")) {
            index.getOrCreate(key(name), true);
        }
        assertEquals(new ServicePage(5, List.of("a", "b")), index.page("public", "G", 1, 2));
        assertEquals(new ServicePage(5, List.of("c", "d")), index.page("public", "G", 2, 2));
        assertEquals(new ServicePage(5, List.of("e")), index.page("public", "G", 3, 2));
        assertEquals(new ServicePage(5, List.of()), index.page("public", "G", 4, 2));
        assertEquals(new ServicePage(5, List.of("a", "b", "c", "d", "e")), index.page("public", "G", 1, 100));
        assertEquals(new ServicePage(5, List.of()), index.page("public", "G", Integer.MAX_VALUE, Integer.MAX_VALUE));
        assertEquals(new ServicePage(5, List.of()), index.page("public", "G", 1, 0));
        assertEquals(new ServicePage(5, List.of("a", "b")), index.page("public", "G", 0, 2), "page 0 acts as 1");
    }

    @Test
    void aGroupWhoseLastServiceLeavesHoldsNoNameSet() {
        ServiceRecord a = index.getOrCreate(key("a"), true);
        ServiceRecord b = index.getOrCreate(key("public", "H", "b"), true);
        assertEquals(2, index.groupCount());
        assertTrue(index.remove(a));
        assertEquals(1, index.groupCount(), "group G is gone with its last service");
        assertFalse(index.remove(a), "removing twice changes nothing");
        assertTrue(index.remove(b));
        assertEquals(0, index.groupCount());
        assertEquals(new ServicePage(0, List.of()), index.page("public", "G", 1, 10));
    }

    @Test
    void pagesAreSeparatedByNamespaceAndGroup() {
        index.getOrCreate(key("public", "G", "s1"), true);
        index.getOrCreate(key("public", "H", "s2"), true);
        index.getOrCreate(key("dev", "G", "s3"), true);
        assertEquals(new ServicePage(1, List.of("s1")), index.page("public", "G", 1, 10));
        assertEquals(new ServicePage(1, List.of("s2")), index.page("public", "H", 1, 10));
        assertEquals(new ServicePage(1, List.of("s3")), index.page("dev", "G", 1, 10));
        assertEquals(new ServicePage(0, List.of()), index.page("dev", "H", 1, 10));
    }
}
