namespace RpcCompare.UnitTests.Grpc;

/// <summary>A fact that is skipped where grpc-js is not installed, unless running under CI, where it must run.</summary>
[AttributeUsage(AttributeTargets.Method)]
public sealed class GrpcJsInteropFactAttribute : FactAttribute
{
    public GrpcJsInteropFactAttribute()
    {
        if (!GrpcJsInterop.IsCi && GrpcJsInterop.MissingPrerequisite() is { } missing)
        {
            Skip = "grpc-js interop skipped: " + missing;
        }
    }
}
