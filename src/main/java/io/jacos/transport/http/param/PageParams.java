package io.jacos.transport.http.param;

import java.util.List;

/**
 * One page of a list, as the {@code pageNo} (from 1) and {@code pageSize} parameters ask for it. Numbers below 1
 * are refused; a page larger than the endpoint's most is cut to it, so no request makes one answer unbounded. A
 * page past the end is empty.
 */
public record PageParams(int pageNo, int pageSize) {

    /**
     * @param defaultPageNo   used when {@code pageNo} is absent; null: the parameter is required
     * @param defaultPageSize used when {@code pageSize} is absent; null: the parameter is required
     */
    public static PageParams of(RequestParams params, Integer defaultPageNo, Integer defaultPageSize,
                                int maxPageSize) {
        int pageNo = number(params, "pageNo", defaultPageNo);
        int pageSize = number(params, "pageSize", defaultPageSize);
        return new PageParams(pageNo, Math.min(pageSize, maxPageSize));
    }

    private static int number(RequestParams params, String name, Integer fallback) {
        int value = fallback == null ? params.requiredInteger(name) : params.integer(name, fallback);
        if (value < 1) {
            throw RequestParams.illegal(name, Integer.toString(value), "1 or more");
        }
        return value;
    }

    public <T> List<T> of(List<T> all) {
        long from = Math.min((long) (pageNo - 1) * pageSize, all.size());
        return all.subList((int) from, (int) Math.min(from + pageSize, all.size()));
    }
}
