package io.jacos.model;

import java.util.List;

/** One page of bare service names, with the total before paging. */
public record ServicePage(int count, List<String> names) {
}
