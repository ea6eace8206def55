namespace RpcCompare.UnitTests.Grpc;

/// <summary>What the test service's handlers saw, for tests that assert on the server side of a call.</summary>
internal sealed class TestServiceProbe
{
    public TaskCompletionSource<DateTime> SlowStarted { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);

    public TaskCompletionSource SlowCancelled { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);

    public TaskCompletionSource EndlessCancelled { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);

    public bool IsServing { get; set; } = true;

    /// <summary>When set, the readiness check throws it instead of answering.</summary>
    public Exception? ReadinessFailure { get; set; }

    public Task<bool> IsReadyAsync() =>
        ReadinessFailure is { } failure ? Task.FromException<bool>(failure) : Task.FromResult(IsServing);
}
