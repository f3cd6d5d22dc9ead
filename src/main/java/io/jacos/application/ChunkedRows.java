package io.jacos.application;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.Function;

/**
 * A page's rows read from the store only as they are iterated, a chunk at a time: each chunk holds rows whose
 * content adds up to at most {@code chunkBytes} (a larger row alone), so a page of 500 configurations of 10 MiB
 * costs one chunk of memory, not 5 GiB, while it is written out. Rows removed since the page was planned are
 * left out. Each iteration reads the store again.
 */
public final class ChunkedRows<T> implements Iterable<T> {

    private final List<ConfigCatalog.Sized> rows;
    private final long chunkBytes;
    private final Function<List<Long>, List<T>> read;

    public ChunkedRows(List<ConfigCatalog.Sized> rows, long chunkBytes, Function<List<Long>, List<T>> read) {
        if (chunkBytes < 1) {
            throw new IllegalArgumentException("chunkBytes " + chunkBytes);
        }
        this.rows = List.copyOf(rows);
        this.chunkBytes = chunkBytes;
        this.read = read;
    }

    /** The row ids of each chunk, in page order. */
    List<List<Long>> chunks() {
        List<List<Long>> chunks = new ArrayList<>();
        List<Long> chunk = new ArrayList<>();
        long bytes = 0;
        for (ConfigCatalog.Sized row : rows) {
            if (!chunk.isEmpty() && bytes + row.bytes() > chunkBytes) {
                chunks.add(chunk);
                chunk = new ArrayList<>();
                bytes = 0;
            }
            chunk.add(row.id());
            bytes += row.bytes();
        }
        if (!chunk.isEmpty()) {
            chunks.add(chunk);
        }
        return chunks;
    }

    @Override
    public Iterator<T> iterator() {
        Iterator<List<Long>> chunks = chunks().iterator();
        return new Iterator<>() {
            private Iterator<T> current = java.util.Collections.emptyIterator();

            @Override
            public boolean hasNext() {
                while (!current.hasNext() && chunks.hasNext()) {
                    current = read.apply(chunks.next()).iterator();
                }
                return current.hasNext();
            }

            @Override
            public T next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return current.next();
            }
        };
    }
}
