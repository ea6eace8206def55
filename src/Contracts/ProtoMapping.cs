using Google.Protobuf.WellKnownTypes;
using Proto = RpcCompare.Contracts.Grpc;

namespace RpcCompare.Contracts;

/// <summary>
/// Converts between the shared contract types and the protobuf messages, so the gRPC host and client speak protobuf
/// on the wire but hand the same objects to the query service and to the equivalence tests as every other stack.
/// </summary>
public static class ProtoMapping
{
    public static Proto.NodeSummary ToProto(this NodeSummary n) => new() { Id = n.Id, Name = n.Name, Type = n.Type };

    public static NodeSummary FromProto(this Proto.NodeSummary n) => new() { Id = n.Id, Name = n.Name, Type = n.Type };

    public static Proto.LinkView ToProto(this LinkView l) => new()
    {
        Id = l.Id,
        Type = l.Type,
        Weight = l.Weight,
        CreatedAt = Timestamp.FromDateTime(l.CreatedAt),
        Target = l.Target.ToProto(),
    };

    public static LinkView FromProto(this Proto.LinkView l) => new()
    {
        Id = l.Id,
        Type = l.Type,
        Weight = l.Weight,
        CreatedAt = l.CreatedAt.ToDateTime(),
        Target = l.Target.FromProto(),
    };

    public static Proto.NodeDetails ToProto(this NodeDetails n) => new()
    {
        Id = n.Id,
        Name = n.Name,
        Type = n.Type,
        CreatedAt = Timestamp.FromDateTime(n.CreatedAt),
        LinkCount = n.LinkCount,
    };

    public static NodeDetails FromProto(this Proto.NodeDetails n) => new()
    {
        Id = n.Id,
        Name = n.Name,
        Type = n.Type,
        CreatedAt = n.CreatedAt.ToDateTime(),
        LinkCount = n.LinkCount,
    };

    public static Proto.NewNode ToProto(this NewNode n) => new() { Name = n.Name, Type = n.Type };

    public static NewNode FromProto(this Proto.NewNode n) => new() { Name = n.Name, Type = n.Type };

    public static Proto.SnapshotInfo ToProto(this SnapshotInfo s) => new() { Id = s.Id, Size = s.Size };

    public static SnapshotInfo FromProto(this Proto.SnapshotInfo s) => new() { Id = s.Id, Size = s.Size };

    public static Proto.Neighbourhood ToProto(this Neighbourhood n)
    {
        var message = new Proto.Neighbourhood { Node = n.Node.ToProto() };
        foreach (var link in n.Links)
        {
            message.Links.Add(link.ToProto());
        }
        return message;
    }

    public static Neighbourhood FromProto(this Proto.Neighbourhood n)
    {
        var links = new LinkView[n.Links.Count];
        for (var i = 0; i < links.Length; i++)
        {
            links[i] = n.Links[i].FromProto();
        }
        return new Neighbourhood { Node = n.Node.FromProto(), Links = links };
    }

    public static Proto.WideRecord ToProto(this WideRecord r) => new()
    {
        Id = r.Id,
        Code = r.Code,
        Title = r.Title,
        Description = r.Description,
        Category = r.Category,
        Subcategory = r.Subcategory,
        Status = r.Status,
        Owner = r.Owner,
        Email = r.Email,
        Phone = r.Phone,
        AddressLine1 = r.AddressLine1,
        AddressLine2 = r.AddressLine2,
        City = r.City,
        Region = r.Region,
        PostalCode = r.PostalCode,
        Country = r.Country,
        Currency = r.Currency,
        Tags = r.Tags,
        Notes = r.Notes,
        ExternalRef = r.ExternalRef,
        Checksum = r.Checksum,
        Quantity = r.Quantity,
        Priority = r.Priority,
        Revision = r.Revision,
        Rank = r.Rank,
        Score = r.Score,
        Flags = r.Flags,
        Year = r.Year,
        Month = r.Month,
        Day = r.Day,
        Bucket = r.Bucket,
        ParentId = r.ParentId,
        GroupId = r.GroupId,
        Version = r.Version,
        Sequence = r.Sequence,
        Price = r.Price,
        Cost = r.Cost,
        Weight = r.Weight,
        Width = r.Width,
        Height = r.Height,
        Depth = r.Depth,
        Latitude = r.Latitude,
        Longitude = r.Longitude,
        Ratio = r.Ratio,
        Confidence = r.Confidence,
        IsActive = r.IsActive,
        IsArchived = r.IsArchived,
        IsPublic = r.IsPublic,
        IsVerified = r.IsVerified,
        IsDeleted = r.IsDeleted,
        HasAttachments = r.HasAttachments,
        IsFlagged = r.IsFlagged,
        IsLocked = r.IsLocked,
        CreatedAt = Timestamp.FromDateTime(r.CreatedAt),
        UpdatedAt = Timestamp.FromDateTime(r.UpdatedAt),
        PublishedAt = Timestamp.FromDateTime(r.PublishedAt),
        ExpiresAt = Timestamp.FromDateTime(r.ExpiresAt),
        ReviewedAt = Timestamp.FromDateTime(r.ReviewedAt),
        SyncedAt = Timestamp.FromDateTime(r.SyncedAt),
        ValidFrom = Timestamp.FromDateTime(r.ValidFrom),
    };

    public static WideRecord FromProto(this Proto.WideRecord r) => new()
    {
        Id = r.Id,
        Code = r.Code,
        Title = r.Title,
        Description = r.Description,
        Category = r.Category,
        Subcategory = r.Subcategory,
        Status = r.Status,
        Owner = r.Owner,
        Email = r.Email,
        Phone = r.Phone,
        AddressLine1 = r.AddressLine1,
        AddressLine2 = r.AddressLine2,
        City = r.City,
        Region = r.Region,
        PostalCode = r.PostalCode,
        Country = r.Country,
        Currency = r.Currency,
        Tags = r.Tags,
        Notes = r.Notes,
        ExternalRef = r.ExternalRef,
        Checksum = r.Checksum,
        Quantity = r.Quantity,
        Priority = r.Priority,
        Revision = r.Revision,
        Rank = r.Rank,
        Score = r.Score,
        Flags = r.Flags,
        Year = r.Year,
        Month = r.Month,
        Day = r.Day,
        Bucket = r.Bucket,
        ParentId = r.ParentId,
        GroupId = r.GroupId,
        Version = r.Version,
        Sequence = r.Sequence,
        Price = r.Price,
        Cost = r.Cost,
        Weight = r.Weight,
        Width = r.Width,
        Height = r.Height,
        Depth = r.Depth,
        Latitude = r.Latitude,
        Longitude = r.Longitude,
        Ratio = r.Ratio,
        Confidence = r.Confidence,
        IsActive = r.IsActive,
        IsArchived = r.IsArchived,
        IsPublic = r.IsPublic,
        IsVerified = r.IsVerified,
        IsDeleted = r.IsDeleted,
        HasAttachments = r.HasAttachments,
        IsFlagged = r.IsFlagged,
        IsLocked = r.IsLocked,
        CreatedAt = r.CreatedAt.ToDateTime(),
        UpdatedAt = r.UpdatedAt.ToDateTime(),
        PublishedAt = r.PublishedAt.ToDateTime(),
        ExpiresAt = r.ExpiresAt.ToDateTime(),
        ReviewedAt = r.ReviewedAt.ToDateTime(),
        SyncedAt = r.SyncedAt.ToDateTime(),
        ValidFrom = r.ValidFrom.ToDateTime(),
    };
}
