using System.Runtime.Serialization;
using System.ServiceModel;
using ContractDescription = RpcCompare.Protocols.NetTcp.ContractDescription;

namespace RpcCompare.UnitTests.Support.NetTcp;

/// <summary>
/// The test contract, served through <see cref="TestContract.Description"/> and called through Microsoft's WCF client, which
/// reads these attributes: both sides get the same operation names (method name without Async) and actions.
/// </summary>
[ServiceContract(Name = TestContract.Name, Namespace = TestContract.Namespace)]
public interface ITestService
{
    [OperationContract]
    Task<string> PingAsync(string payload);

    [OperationContract]
    Task<long> AddAsync(long a, long b);

    [OperationContract]
    Task<double> ScaleAsync(double value, double factor);

    [OperationContract]
    Task<DateTime> ShiftAsync(DateTime value, int hours);

    [OperationContract]
    Task<NodeView> EchoNodeAsync(NodeView node);

    [OperationContract]
    Task<LinkView[]> GetLinksAsync(long nodeId, int count);

    [OperationContract]
    Task<int[]> ReverseAsync(int[] values);

    [OperationContract]
    Task<string?> EchoNullableAsync(string? value);

    [OperationContract]
    Task RecordAsync(string note);

    [OperationContract]
    Task<long> RecordedCountAsync();

    [OperationContract]
    Task<string> ThrowFaultAsync(string reason, string code);

    [OperationContract]
    [FaultContract(typeof(NodeFaultDetail))]
    Task<string> ThrowDetailedFaultAsync(long nodeId);

    [OperationContract]
    Task<string> ThrowExceptionAsync(string secret);

    [OperationContract]
    Task<string> WaitForReleaseAsync(string key);

    [OperationContract]
    Task<BrokenView> GetBrokenAsync();

    [OperationContract]
    Task<string> AcceptBrokenAsync(BrokenView view);
}

public static class TestContract
{
    public const string Name = "ITestService";
    public const string Namespace = "http://rpccompare.test/";

    public static ContractDescription Description { get; } = ContractDescription.Create<ITestService>(Name, Namespace);
}

[DataContract(Namespace = "http://rpccompare.test/data")]
public sealed class NodeView
{
    [DataMember]
    public long Id { get; set; }

    [DataMember]
    public string? Name { get; set; }

    [DataMember]
    public double Weight { get; set; }

    [DataMember]
    public DateTime CreatedUtc { get; set; }

    [DataMember]
    public string[]? Tags { get; set; }

    [DataMember]
    public double[]? Scores { get; set; }

    [DataMember]
    public LinkView[]? Links { get; set; }

    [DataMember]
    public NodeView? Parent { get; set; }
}

[DataContract(Namespace = "http://rpccompare.test/data")]
public sealed class LinkView
{
    [DataMember]
    public long Source { get; set; }

    [DataMember]
    public long Target { get; set; }

    [DataMember]
    public string? Label { get; set; }

    [DataMember]
    public double Score { get; set; }

    [DataMember]
    public DateTime CreatedUtc { get; set; }
}

[DataContract(Namespace = "http://rpccompare.test/data")]
public sealed class NodeFaultDetail
{
    [DataMember]
    public long NodeId { get; set; }

    [DataMember]
    public string? Hint { get; set; }
}

/// <summary>Serialization fails part-way: after Name, reading Fails throws.</summary>
[DataContract(Namespace = "http://rpccompare.test/data")]
public sealed class BrokenView
{
    [DataMember(Order = 1)]
    public string? Name { get; set; }

    [DataMember(Order = 2)]
    [System.Diagnostics.CodeAnalysis.SuppressMessage("Performance", "CA1822", Justification = "A data member the serializer reads on the instance; it throws to test a fault while serializing.")]
    public string? Fails
    {
        get => throw new InvalidOperationException("this member cannot be serialized");
        set => _ = value;
    }
}
