using System.Runtime.Serialization;

namespace RpcCompare.Contracts;

/// <summary>
/// The wide row of the bulk-transfer scenario: 60 attributes (20 strings of varied length, integers, doubles, booleans,
/// timestamps), like the records the studied system shipped in bulk.
/// </summary>
[DataContract(Namespace = GraphContract.DataNamespace)]
public sealed record WideRecord
{
    [DataMember(Order = 1)] public long Id { get; init; }

    [DataMember(Order = 2)] public string Code { get; init; } = "";
    [DataMember(Order = 3)] public string Title { get; init; } = "";
    [DataMember(Order = 4)] public string Description { get; init; } = "";
    [DataMember(Order = 5)] public string Category { get; init; } = "";
    [DataMember(Order = 6)] public string Subcategory { get; init; } = "";
    [DataMember(Order = 7)] public string Status { get; init; } = "";
    [DataMember(Order = 8)] public string Owner { get; init; } = "";
    [DataMember(Order = 9)] public string Email { get; init; } = "";
    [DataMember(Order = 10)] public string Phone { get; init; } = "";
    [DataMember(Order = 11)] public string AddressLine1 { get; init; } = "";
    [DataMember(Order = 12)] public string AddressLine2 { get; init; } = "";
    [DataMember(Order = 13)] public string City { get; init; } = "";
    [DataMember(Order = 14)] public string Region { get; init; } = "";
    [DataMember(Order = 15)] public string PostalCode { get; init; } = "";
    [DataMember(Order = 16)] public string Country { get; init; } = "";
    [DataMember(Order = 17)] public string Currency { get; init; } = "";
    [DataMember(Order = 18)] public string Tags { get; init; } = "";
    [DataMember(Order = 19)] public string Notes { get; init; } = "";
    [DataMember(Order = 20)] public string ExternalRef { get; init; } = "";
    [DataMember(Order = 21)] public string Checksum { get; init; } = "";

    [DataMember(Order = 22)] public int Quantity { get; init; }
    [DataMember(Order = 23)] public int Priority { get; init; }
    [DataMember(Order = 24)] public int Revision { get; init; }
    [DataMember(Order = 25)] public int Rank { get; init; }
    [DataMember(Order = 26)] public int Score { get; init; }
    [DataMember(Order = 27)] public int Flags { get; init; }
    [DataMember(Order = 28)] public int Year { get; init; }
    [DataMember(Order = 29)] public int Month { get; init; }
    [DataMember(Order = 30)] public int Day { get; init; }
    [DataMember(Order = 31)] public int Bucket { get; init; }

    [DataMember(Order = 32)] public long ParentId { get; init; }
    [DataMember(Order = 33)] public long GroupId { get; init; }
    [DataMember(Order = 34)] public long Version { get; init; }
    [DataMember(Order = 35)] public long Sequence { get; init; }

    [DataMember(Order = 36)] public double Price { get; init; }
    [DataMember(Order = 37)] public double Cost { get; init; }
    [DataMember(Order = 38)] public double Weight { get; init; }
    [DataMember(Order = 39)] public double Width { get; init; }
    [DataMember(Order = 40)] public double Height { get; init; }
    [DataMember(Order = 41)] public double Depth { get; init; }
    [DataMember(Order = 42)] public double Latitude { get; init; }
    [DataMember(Order = 43)] public double Longitude { get; init; }
    [DataMember(Order = 44)] public double Ratio { get; init; }
    [DataMember(Order = 45)] public double Confidence { get; init; }

    [DataMember(Order = 46)] public bool IsActive { get; init; }
    [DataMember(Order = 47)] public bool IsArchived { get; init; }
    [DataMember(Order = 48)] public bool IsPublic { get; init; }
    [DataMember(Order = 49)] public bool IsVerified { get; init; }
    [DataMember(Order = 50)] public bool IsDeleted { get; init; }
    [DataMember(Order = 51)] public bool HasAttachments { get; init; }
    [DataMember(Order = 52)] public bool IsFlagged { get; init; }
    [DataMember(Order = 53)] public bool IsLocked { get; init; }

    [DataMember(Order = 54)] public DateTime CreatedAt { get; init; }
    [DataMember(Order = 55)] public DateTime UpdatedAt { get; init; }
    [DataMember(Order = 56)] public DateTime PublishedAt { get; init; }
    [DataMember(Order = 57)] public DateTime ExpiresAt { get; init; }
    [DataMember(Order = 58)] public DateTime ReviewedAt { get; init; }
    [DataMember(Order = 59)] public DateTime SyncedAt { get; init; }
    [DataMember(Order = 60)] public DateTime ValidFrom { get; init; }
}
