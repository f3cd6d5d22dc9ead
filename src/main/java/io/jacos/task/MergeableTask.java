package io.jacos.task;

/** A pending unit of work that absorbs a later one for the same key instead of queueing behind it. */
public interface MergeableTask<T extends MergeableTask<T>> {

    /** Combines this pending task with a newer one; the result replaces both. */
    T merge(T newer);
}
